/** The content feature's texts (TR default, EN, CN): the brand's banners, announcements and popups, and help centre
 * topics. */
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
  announcements: "Site duyuruları", annEmpty: "Bu markanın duyurusu yok.", kind: "Tür", audience: "Kime",
  contentIn: "İçerik ({language})", startsAt: "Başlangıç", endsAt: "Bitiş", startsHint: "Boş bırakılırsa hemen başlar.",
  endsHint: "Boş bırakılırsa süresizdir.", promotionType: "Promosyon türü", scheduled: "Zamanlanmış", ended: "Sona erdi",
  kindB: "Kayan yazı", kindPL: "Platform duyurusu", kindPU: "Açılır pencere", kindPR: "Promosyon duyurusu", kindH: "Manşet",
  popupAll: "Herkes", popupA: "Oturum açmış üyeler", popupB: "Ziyaretçiler", popupF: "İlk girişte",
  turkishNeeded: "Türkçe (TR) başlık ve içerik zorunludur.", endsAfter: "Bitiş, başlangıçtan sonra olmalıdır.",
  annRemoveQuestion: "Bu duyuru silinsin mi? Geri alınamaz.", annAddTitle: "Duyuru ekle", annEditTitle: "Duyuru #{id} düzenleniyor",
  annCreated: "Duyuru eklendi.", annSaved: "Duyuru kaydedildi.", annRemoved: "Duyuru silindi.",
  annReadOnly: "Duyuruları yalnızca içerik rolü (veya yönetici) değiştirebilir.",
  help: "Yardım merkezi", helpEmpty: "Bu markanın yardım konusu yok.", topicKey: "Konu anahtarı",
  topicKeyRule: "Anahtar küçük harf, rakam ve tire içerir (en çok 50), harf ya da rakamla başlar.",
  helpRemoveQuestion: "Bu yardım konusu silinsin mi? Geri alınamaz.", helpAddTitle: "Yardım konusu ekle",
  helpEditTitle: "Yardım konusu #{id} düzenleniyor", helpCreated: "Yardım konusu eklendi.", helpSaved: "Yardım konusu kaydedildi.",
  helpRemoved: "Yardım konusu silindi.", helpReadOnly: "Yardım konularını yalnızca içerik rolü (veya yönetici) değiştirebilir.",
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
  announcements: "Announcements and popups", annEmpty: "This brand has no announcements.", kind: "Kind", audience: "For",
  contentIn: "Content ({language})", startsAt: "Starts", endsAt: "Ends", startsHint: "Left empty, it starts at once.",
  endsHint: "Left empty, it never ends.", promotionType: "Promotion type", scheduled: "Scheduled", ended: "Ended",
  kindB: "Marquee", kindPL: "Platform notice", kindPU: "Popup", kindPR: "Promotion notice", kindH: "Headline",
  popupAll: "Everyone", popupA: "Signed-in members", popupB: "Visitors", popupF: "At first login",
  turkishNeeded: "A Turkish (TR) title and content are required.", endsAfter: "The end must come after the start.",
  annRemoveQuestion: "Delete this announcement? This cannot be undone.", annAddTitle: "Add an announcement", annEditTitle: "Editing announcement #{id}",
  annCreated: "Announcement added.", annSaved: "Announcement saved.", annRemoved: "Announcement deleted.",
  annReadOnly: "Only the content role (or an admin) may change announcements.",
  help: "Help centre", helpEmpty: "This brand has no help topics.", topicKey: "Topic key",
  topicKeyRule: "The key is lower-case letters, digits and hyphens (at most 50), starting with a letter or digit.",
  helpRemoveQuestion: "Delete this help topic? This cannot be undone.", helpAddTitle: "Add a help topic",
  helpEditTitle: "Editing help topic #{id}", helpCreated: "Help topic added.", helpSaved: "Help topic saved.",
  helpRemoved: "Help topic deleted.", helpReadOnly: "Only the content role (or an admin) may change help topics.",
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
  announcements: "公告与弹窗", annEmpty: "该品牌暂无公告。", kind: "类型", audience: "对象",
  contentIn: "内容（{language}）", startsAt: "开始时间", endsAt: "结束时间", startsHint: "留空则立即开始。",
  endsHint: "留空则长期有效。", promotionType: "优惠类型", scheduled: "待上线", ended: "已结束",
  kindB: "跑马灯", kindPL: "平台公告", kindPU: "弹窗", kindPR: "优惠公告", kindH: "头条",
  popupAll: "所有人", popupA: "已登录会员", popupB: "访客", popupF: "首次登录",
  turkishNeeded: "土耳其语（TR）标题和内容为必填项。", endsAfter: "结束时间必须晚于开始时间。",
  annRemoveQuestion: "确定删除此公告？删除后无法恢复。", annAddTitle: "添加公告", annEditTitle: "正在编辑公告 #{id}",
  annCreated: "公告已添加。", annSaved: "公告已保存。", annRemoved: "公告已删除。",
  annReadOnly: "只有内容角色（或管理员）可以修改公告。",
  help: "帮助中心", helpEmpty: "该品牌暂无帮助主题。", topicKey: "主题标识",
  topicKeyRule: "标识由小写字母、数字和连字符组成（最多 50 个），以字母或数字开头。",
  helpRemoveQuestion: "确定删除此帮助主题？删除后无法恢复。", helpAddTitle: "添加帮助主题",
  helpEditTitle: "正在编辑帮助主题 #{id}", helpCreated: "帮助主题已添加。", helpSaved: "帮助主题已保存。",
  helpRemoved: "帮助主题已删除。", helpReadOnly: "只有内容角色（或管理员）可以修改帮助主题。",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type TextKey = Key;
export const t = translator(CATALOG);
