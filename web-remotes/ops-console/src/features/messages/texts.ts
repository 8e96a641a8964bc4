/** The messages feature's texts (TR default, EN, CN): the members' feedback and the brand's broadcasts. */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  content: "İçerik", feedback: "Üye geri bildirimleri", broadcasts: "Toplu mesajlar", loading: "Yükleniyor…", refresh: "Yenile",
  previous: "Önceki", nextPage: "Sonraki", noBrand: "Önce bir marka seçin.", actions: "İşlemler", state: "Durum",
  feedbackEmpty: "Bu markaya henüz geri bildirim gelmedi.", feedbackIntro: "Üyelerin ve ziyaretçilerin yazdıkları, en yenisi önce.",
  feedbackTotal: "Toplam {total} geri bildirim", number: "No", received: "Geliş", writer: "Yazan", clientIp: "IP adresi", text: "Metin",
  visitor: "Ziyaretçi",
  broadcastsEmpty: "Bu markanın duyurusu yok.", broadcastsIntro: "Markanın her üyesinin gelen kutusuna giden mesajlar (en yeni 100).",
  title: "Başlık", body: "Metin", writtenBy: "Yazan", sent: "Gönderim", live: "Gelen kutularında",
  writeTitle: "Duyuru yaz", audience: "Alıcılar", audienceAll: "Markanın bütün üyeleri",
  audienceNote: "Duyuru servisi yalnızca markanın bütün üyelerine yazar: bir gruba ya da tek bir üyeye gönderim ve dile göre ayrı metin yoktur; başlık ve metin her üyeye aynen gider.",
  plainText: "Düz metin olarak gösterilir (HTML işlenmez).", send: "Gönder", sentDone: "Duyuru gönderildi.",
  withdraw: "Geri çek", confirmWithdraw: "Evet, geri çek", withdrawQuestion: "Bu duyuru geri çekilsin mi? Her üyenin gelen kutusundan silinir; geri alınamaz.",
  withdrawn: "Duyuru geri çekildi.", cancel: "Vazgeç", required: "Başlık ve metin zorunludur.",
  tooLong: "Başlık en çok 200, metin en çok 4000 karakterdir.",
  readOnly: "Duyuruları yalnızca içerik rolü (veya yönetici) yazabilir ve geri çekebilir.",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  content: "Content", feedback: "Member feedback", broadcasts: "Broadcasts", loading: "Loading…", refresh: "Refresh",
  previous: "Previous", nextPage: "Next", noBrand: "Pick a brand first.", actions: "Actions", state: "State",
  feedbackEmpty: "No feedback for this brand yet.", feedbackIntro: "What members and visitors wrote, newest first.",
  feedbackTotal: "{total} feedback messages in all", number: "No.", received: "Received", writer: "Written by", clientIp: "IP address", text: "Text",
  visitor: "Visitor",
  broadcastsEmpty: "This brand has no broadcasts.", broadcastsIntro: "Messages in the inbox of every member of the brand (the newest 100).",
  title: "Title", body: "Text", writtenBy: "Written by", sent: "Sent", live: "In the inboxes",
  writeTitle: "Write a broadcast", audience: "Recipients", audienceAll: "Every member of the brand",
  audienceNote: "The broadcast service writes only to every member of the brand: there is no sending to a segment or to one member, and no text per language; the title and text reach every member as written.",
  plainText: "Shown as plain text (no HTML).", send: "Send", sentDone: "Broadcast sent.",
  withdraw: "Withdraw", confirmWithdraw: "Yes, withdraw", withdrawQuestion: "Withdraw this broadcast? It is deleted from every member's inbox; this cannot be undone.",
  withdrawn: "Broadcast withdrawn.", cancel: "Cancel", required: "The title and the text are required.",
  tooLong: "The title is at most 200 characters, the text at most 4000.",
  readOnly: "Only the content role (or an admin) may write and withdraw broadcasts.",
};

const CN: Record<Key, string> = {
  content: "内容", feedback: "会员反馈", broadcasts: "公告", loading: "加载中…", refresh: "刷新",
  previous: "上一页", nextPage: "下一页", noBrand: "请先选择品牌。", actions: "操作", state: "状态",
  feedbackEmpty: "该品牌暂无反馈。", feedbackIntro: "会员和访客提交的反馈，最新的在前。",
  feedbackTotal: "共 {total} 条反馈", number: "编号", received: "提交时间", writer: "提交人", clientIp: "IP 地址", text: "内容",
  visitor: "访客",
  broadcastsEmpty: "该品牌暂无公告。", broadcastsIntro: "发送到品牌每位会员收件箱的消息（最新 100 条）。",
  title: "标题", body: "内容", writtenBy: "发布人", sent: "发送时间", live: "在收件箱中",
  writeTitle: "撰写公告", audience: "接收人", audienceAll: "品牌全部会员",
  audienceNote: "公告服务只能发送给品牌的全部会员：不支持按分组或单个会员发送，也不支持按语言分别填写；标题和内容原样发送给每位会员。",
  plainText: "以纯文本显示（不解析 HTML）。", send: "发送", sentDone: "公告已发送。",
  withdraw: "撤回", confirmWithdraw: "确认撤回", withdrawQuestion: "确定撤回此公告？它将从每位会员的收件箱中删除，且无法恢复。",
  withdrawn: "公告已撤回。", cancel: "取消", required: "标题和内容为必填项。",
  tooLong: "标题最多 200 个字符，内容最多 4000 个字符。",
  readOnly: "只有内容角色（或管理员）可以发布和撤回公告。",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type TextKey = Key;
export const t = translator(CATALOG);
