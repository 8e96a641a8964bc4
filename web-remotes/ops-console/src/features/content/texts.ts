/** The content feature's texts (TR default, EN, CN): the brand's banners. */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  content: "İçerik", banners: "Bannerlar", loading: "Yükleniyor…", empty: "Bu markanın bannerı yok.", refresh: "Yenile",
  actions: "İşlemler", state: "Durum", active: "Yayında", inactive: "Kapalı", group: "Yer", image: "Görsel adresi",
  title: "Başlık", titleIn: "Başlık ({language})", linkage: "Bağlantı", linkageType: "Bağlantı türü", linkageTarget: "Bağlantı hedefi",
  sort: "Sıra", edit: "Düzenle", remove: "Sil", confirmRemove: "Evet, sil", removeQuestion: "Bu banner silinsin mi? Geri alınamaz.",
  cancel: "Vazgeç", addTitle: "Banner ekle", editTitle: "Banner #{id} düzenleniyor", add: "Ekle", save: "Kaydet",
  shown: "Sitede göster", required: "Bu alan zorunludur.", linkageNeeded: "Bu bağlantı türü bir hedef ister.",
  sortRule: "Sıra 0 ile 10000 arasında bir tam sayıdır.", created: "Banner eklendi.", saved: "Banner kaydedildi.", removed: "Banner silindi.",
  readOnly: "Bannerları yalnızca içerik rolü (veya yönetici) değiştirebilir.", noBrand: "Önce bir marka seçin.",
  w_home: "Ana sayfa", w_video: "Video", w_register: "Kayıt", w_forget: "Şifremi unuttum", w_login: "Giriş",
  NONE: "Yok", URL: "Adres", ROUTE: "Sayfa", GAME: "Oyun", PROMOTION: "Promosyon",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  content: "Content", banners: "Banners", loading: "Loading…", empty: "This brand has no banners.", refresh: "Refresh",
  actions: "Actions", state: "State", active: "Live", inactive: "Off", group: "Place", image: "Image URL",
  title: "Title", titleIn: "Title ({language})", linkage: "Link", linkageType: "Link type", linkageTarget: "Link target",
  sort: "Order", edit: "Edit", remove: "Delete", confirmRemove: "Yes, delete", removeQuestion: "Delete this banner? This cannot be undone.",
  cancel: "Cancel", addTitle: "Add a banner", editTitle: "Editing banner #{id}", add: "Add", save: "Save",
  shown: "Show on the site", required: "This field is required.", linkageNeeded: "This link type needs a target.",
  sortRule: "The order is a whole number from 0 to 10000.", created: "Banner added.", saved: "Banner saved.", removed: "Banner deleted.",
  readOnly: "Only the content role (or an admin) may change banners.", noBrand: "Pick a brand first.",
  w_home: "Home", w_video: "Video", w_register: "Register", w_forget: "Forgot password", w_login: "Login",
  NONE: "None", URL: "Address", ROUTE: "Page", GAME: "Game", PROMOTION: "Promotion",
};

const CN: Record<Key, string> = {
  content: "内容", banners: "横幅", loading: "加载中…", empty: "该品牌暂无横幅。", refresh: "刷新",
  actions: "操作", state: "状态", active: "已上线", inactive: "已关闭", group: "位置", image: "图片地址",
  title: "标题", titleIn: "标题（{language}）", linkage: "链接", linkageType: "链接类型", linkageTarget: "链接目标",
  sort: "排序", edit: "编辑", remove: "删除", confirmRemove: "确认删除", removeQuestion: "确定删除此横幅？删除后无法恢复。",
  cancel: "取消", addTitle: "添加横幅", editTitle: "正在编辑横幅 #{id}", add: "添加", save: "保存",
  shown: "在网站上显示", required: "此项必填。", linkageNeeded: "此链接类型需要填写目标。",
  sortRule: "排序为 0 到 10000 之间的整数。", created: "横幅已添加。", saved: "横幅已保存。", removed: "横幅已删除。",
  readOnly: "只有内容角色（或管理员）可以修改横幅。", noBrand: "请先选择品牌。",
  w_home: "首页", w_video: "视频", w_register: "注册", w_forget: "忘记密码", w_login: "登录",
  NONE: "无", URL: "网址", ROUTE: "页面", GAME: "游戏", PROMOTION: "优惠活动",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type TextKey = Key;
export const t = translator(CATALOG);
