/** Invite friends' texts: the catalogue it shares with the reward centre. */
export { loyaltyText as rt, type LoyaltyTextKey as ReferralTextKey } from "../../shared/loyaltyTexts";
