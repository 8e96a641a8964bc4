/** The messages feature's texts (TR default, EN, CN): the members' feedback and the brand's broadcasts. */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  content: "İçerik", feedback: "Üye geri bildirimleri", broadcasts: "Toplu mesajlar", loading: "Yükleniyor…", refresh: "Yenile",
  previous: "Önceki", nextPage: "Sonraki", noBrand: "Önce bir marka seçin.", actions: "İşlemler", state: "Durum",
  feedbackEmpty: "Bu markaya henüz geri bildirim gelmedi.", feedbackIntro: "Üyelerin ve ziyaretçilerin yazdıkları, en yenisi önce.",
  feedbackTotal: "Toplam {total} geri bildirim", number: "No", received: "Geliş", writer: "Yazan", clientIp: "IP adresi", text: "Metin",
  visitor: "Ziyaretçi",
  broadcastsEmpty: "Bu markanın duyurusu yok.", broadcastsIntro: "Markanın bütün üyelerine, tek bir üyeye ya da bir üye listesine giden mesajlar (en yeni 100).",
  title: "Başlık", body: "Metin", writtenBy: "Yazan", sent: "Gönderim", live: "Gelen kutularında",
  writeTitle: "Duyuru yaz", audience: "Alıcılar", audienceAll: "Markanın bütün üyeleri",
  audienceNote: "Dile göre ayrı metin yoktur: başlık ve metin her alıcıya aynen gider.",
  audienceOne: "Tek üye", audienceList: "Üye listesi", audienceMember: "Tek üye", audienceCount: "{count} üyelik liste",
  findMember: "Üye ara", username: "Kullanıcı adı", foundMembers: "Bulunan üyeler", pick: "Seç", noMemberFound: "Bu adla başlayan üye yok.",
  noMemberSearch: "Rolünüz üye aramaya yetmiyor (üye bilgilerini yalnızca izleyici, finans ve yönetici rolleri görür): üyenin hesap numarasını girin.",
  accountId: "Hesap numarası", accountIdHint: "Üyenin hesap numarası (ör. üye aramasından).", useAccountId: "Bu hesabı seç",
  chosenMember: "Alıcı", changeMember: "Değiştir",
  pastedList: "Hesap numaraları", pastedHint: "Her satıra ya da virgülle ayırarak bir hesap numarası; en çok 1.000. Şu an {count} numara.",
  audienceNoMember: "Mesajın gideceği üyeyi seçin.", audienceEmpty: "En az bir hesap numarası yapıştırın.",
  audienceTooMany: "Bir mesaj en çok 1.000 üyeye gönderilebilir.", audienceNotIds: "Hesap numarası olmayan değerler: {ids}",
  audienceRepeated: "Birden fazla kez geçen hesap numaraları: {ids}",
  plainText: "Düz metin olarak gösterilir (HTML işlenmez).", send: "Gönder", sentDone: "Duyuru gönderildi.",
  withdraw: "Geri çek", confirmWithdraw: "Evet, geri çek", withdrawQuestion: "Bu duyuru geri çekilsin mi? Gönderildiği her gelen kutusundan silinir; geri alınamaz.",
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
  broadcastsEmpty: "This brand has no broadcasts.", broadcastsIntro: "Messages to every member of the brand, to one member or to a list of members (the newest 100).",
  title: "Title", body: "Text", writtenBy: "Written by", sent: "Sent", live: "In the inboxes",
  writeTitle: "Write a broadcast", audience: "Recipients", audienceAll: "Every member of the brand",
  audienceNote: "There is no text per language: the title and text reach every recipient as written.",
  audienceOne: "One member", audienceList: "A list of members", audienceMember: "One member", audienceCount: "A list of {count} members",
  findMember: "Find a member", username: "Username", foundMembers: "Members found", pick: "Choose", noMemberFound: "No member's name starts so.",
  noMemberSearch: "Your role may not search members (only the viewer, finance and admin roles see members' data): enter the member's account id.",
  accountId: "Account id", accountIdHint: "The member's account id (from the member search, say).", useAccountId: "Use this account",
  chosenMember: "Recipient", changeMember: "Change",
  pastedList: "Account ids", pastedHint: "One account id a line, or separated by commas; at most 1,000. {count} now.",
  audienceNoMember: "Choose the member the message is for.", audienceEmpty: "Paste at least one account id.",
  audienceTooMany: "A message can go to at most 1,000 members.", audienceNotIds: "Not account ids: {ids}",
  audienceRepeated: "Account ids given more than once: {ids}",
  plainText: "Shown as plain text (no HTML).", send: "Send", sentDone: "Broadcast sent.",
  withdraw: "Withdraw", confirmWithdraw: "Yes, withdraw", withdrawQuestion: "Withdraw this broadcast? It is deleted from every inbox it went to; this cannot be undone.",
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
  broadcastsEmpty: "该品牌暂无公告。", broadcastsIntro: "发给品牌全部会员、单个会员或会员列表的消息（最新 100 条）。",
  title: "标题", body: "内容", writtenBy: "发布人", sent: "发送时间", live: "在收件箱中",
  writeTitle: "撰写公告", audience: "接收人", audienceAll: "品牌全部会员",
  audienceNote: "不支持按语言分别填写：标题和内容原样发送给每位接收人。",
  audienceOne: "单个会员", audienceList: "会员列表", audienceMember: "单个会员", audienceCount: "{count} 名会员的列表",
  findMember: "查找会员", username: "用户名", foundMembers: "找到的会员", pick: "选择", noMemberFound: "没有以此开头的会员用户名。",
  noMemberSearch: "您的角色无权搜索会员（只有查看、财务和管理员角色可查看会员资料）：请输入会员的账户ID。",
  accountId: "账户ID", accountIdHint: "会员的账户ID（例如来自会员搜索）。", useAccountId: "使用此账户",
  chosenMember: "接收人", changeMember: "更改",
  pastedList: "账户ID", pastedHint: "每行一个账户ID，或用逗号分隔；最多 1,000 个。当前 {count} 个。",
  audienceNoMember: "请选择接收消息的会员。", audienceEmpty: "请至少粘贴一个账户ID。",
  audienceTooMany: "一条消息最多可发给1,000名会员。", audienceNotIds: "不是账户ID：{ids}",
  audienceRepeated: "重复的账户ID：{ids}",
  plainText: "以纯文本显示（不解析 HTML）。", send: "发送", sentDone: "公告已发送。",
  withdraw: "撤回", confirmWithdraw: "确认撤回", withdrawQuestion: "确定撤回此公告？它将从所有收到它的收件箱中删除，且无法恢复。",
  withdrawn: "公告已撤回。", cancel: "取消", required: "标题和内容为必填项。",
  tooLong: "标题最多 200 个字符，内容最多 4000 个字符。",
  readOnly: "只有内容角色（或管理员）可以发布和撤回公告。",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type TextKey = Key;
export const t = translator(CATALOG);
