/** The accounts feature's texts (TR default, EN, CN): the actions on a member's account. */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  accounts: "Üye hesabı işlemleri", accountId: "Hesap kimliği", accountHint: "Üyenin {brand} markasındaki hesap kimliği.",
  required: "Önce hesap kimliğini girin.", unlock: "Kilidi kaldır", disable: "Devre dışı bırak", enable: "Yeniden etkinleştir",
  explain: "“Kilitle” bir hesabı seçilen süre boyunca kapatır (oturumları hemen kapanır); “Kilidi kaldır” kilidi ve hatalı giriş sayacını siler. Süresiz kapatmak için devre dışı bırakın.",
  lock: "Kilitle", lockTitle: "Süreli kilit", hours: "Süre", reason: "Gerekçe (denetim kaydına yazılır)", reasonNeeded: "Bir gerekçe yazın.",
  locked: "{id} hesabı {hours} saat kilitlendi; oturumları kapatıldı.", hour1: "1 saat", hour24: "24 saat", hour72: "3 gün", hour168: "7 gün", hour720: "30 gün",
  disableQuestion: "{id} hesabı devre dışı bırakılsın mı? Açık oturumları hemen kapanır ve hiçbir giriş ya da şifre sıfırlama onu içeri almaz.",
  confirmDisable: "Evet, devre dışı bırak", cancel: "Vazgeç",
  unlocked: "{id} hesabının kilidi kaldırıldı.", disabled: "{id} hesabı devre dışı; oturumları kapatıldı.", enabled: "{id} hesabı yeniden etkin.",
  noRole: "Bu işlemleri yalnızca markanın yöneticileri yapabilir.", noBrand: "Önce bir marka seçin.", actions: "İşlemler",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  accounts: "Member account actions", accountId: "Account id", accountHint: "The member's account id in brand {brand}.",
  required: "Enter the account id first.", unlock: "Unlock", disable: "Disable", enable: "Enable again",
  explain: "“Lock” shuts an account out for the time chosen (its sessions end at once); “Unlock” clears the lock and the failed-login count. To shut it out for good, disable it.",
  lock: "Lock", lockTitle: "Lock for a time", hours: "For", reason: "Reason (written to the audit log)", reasonNeeded: "Write a reason.",
  locked: "Account {id} locked for {hours} h; its sessions ended.", hour1: "1 hour", hour24: "24 hours", hour72: "3 days", hour168: "7 days", hour720: "30 days",
  disableQuestion: "Disable account {id}? Its open sessions end at once, and no login or password reset lets it in.",
  confirmDisable: "Yes, disable", cancel: "Cancel",
  unlocked: "Account {id} unlocked.", disabled: "Account {id} disabled; its sessions ended.", enabled: "Account {id} is active again.",
  noRole: "Only the brand's admins may do these actions.", noBrand: "Pick a brand first.", actions: "Actions",
};

const CN: Record<Key, string> = {
  accounts: "会员账户操作", accountId: "账户 ID", accountHint: "会员在品牌 {brand} 中的账户 ID。",
  required: "请先输入账户 ID。", unlock: "解锁", disable: "停用", enable: "重新启用",
  explain: "“锁定”在所选时间内阻止账户登录（其会话立即结束）；“解锁”会清除锁定和失败次数。如需永久阻止，请停用。",
  lock: "锁定", lockTitle: "限时锁定", hours: "时长", reason: "原因（写入审计日志）", reasonNeeded: "请填写原因。",
  locked: "账户 {id} 已锁定 {hours} 小时，其会话已结束。", hour1: "1 小时", hour24: "24 小时", hour72: "3 天", hour168: "7 天", hour720: "30 天",
  disableQuestion: "确定停用账户 {id}？其所有会话将立即结束，任何登录或重置密码都无法进入。",
  confirmDisable: "确认停用", cancel: "取消",
  unlocked: "账户 {id} 已解锁。", disabled: "账户 {id} 已停用，其会话已结束。", enabled: "账户 {id} 已重新启用。",
  noRole: "只有该品牌的管理员可以执行这些操作。", noBrand: "请先选择品牌。", actions: "操作",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type TextKey = Key;
export const t = translator(CATALOG);
