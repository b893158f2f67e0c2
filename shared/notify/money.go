package notify

import (
	"strconv"

	"zuum/shared/money"
)

// Kinds that tell a user their money moved. Each is put in the transaction of the movement it
// tells of, whose idempotency key makes a replay move nothing and so notify nobody twice.
const (
	// BeatSold tells a producer a beat sold: the actor is the buyer, PostID the beat, PostType
	// "beat", and the message says what the producer earned after the commission.
	BeatSold Kind = "BEAT_SOLD"
	// PromotionApproved and PromotionRejected tell a promotion's owner the admin's decision
	// (a rejection with the reason and the refund); the actor is "Zuum" and PostID the
	// promoted post ("" for a mass promotion).
	PromotionApproved Kind = "PROMOTION_APPROVED"
	PromotionRejected Kind = "PROMOTION_REJECTED"
	// SubscriptionRenewed and SubscriptionLapsed tell a subscriber their month was paid from the
	// wallet, or could not be and the subscription ended; the actor is "Zuum".
	SubscriptionRenewed Kind = "SUBSCRIPTION_RENEWED"
	SubscriptionLapsed  Kind = "SUBSCRIPTION_LAPSED"
)

// Zuum is the actor's name on the notifications Zuum itself sends.
const Zuum = "Zuum"

// BeatSoldMessage: "ada_sings bought your beat Lagos Drill: you earned ₦4,500.00."
func BeatSoldMessage(buyer, beat string, earned money.Money) string {
	return buyer + " bought your beat " + beat + ": you earned " + earned.String() + "."
}

// PromotionApprovedMessage: "Your promotion of My hit was approved: it runs for 7 days."
func PromotionApprovedMessage(title string, days int) string {
	return "Your promotion of " + title + " was approved: it runs for " + plural(days, "day") + "."
}

// PromotionRejectedMessage: "Your promotion of My hit was rejected: <reason>. ₦5,000.00 was
// refunded to your wallet."
func PromotionRejectedMessage(title, reason string, refund money.Money) string {
	return "Your promotion of " + title + " was rejected: " + reason + ". " + refund.String() + " was refunded to your wallet."
}

// SubscriptionRenewedMessage: "Your Artist Premium renewed: ₦15,000.00 was paid from your wallet."
func SubscriptionRenewedMessage(plan string, amount money.Money) string {
	return "Your " + plan + " renewed: " + amount.String() + " was paid from your wallet."
}

// SubscriptionLapsedMessage: "Your Artist Premium lapsed: your wallet could not pay ₦15,000.00."
func SubscriptionLapsedMessage(plan string, amount money.Money) string {
	return "Your " + plan + " lapsed: your wallet could not pay " + amount.String() + "."
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.Itoa(n) + " " + unit + "s"
}
