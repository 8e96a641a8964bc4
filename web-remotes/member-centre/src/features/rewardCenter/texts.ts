/** The reward centre's texts: the catalogue it shares with invite friends. */
export { loyaltyText as rwt, type LoyaltyTextKey as RewardTextKey } from "../../shared/loyaltyTexts";
