package profile

import "time"

// Subscription statuses a profile shows ("" is a user who never subscribed: "None" on screen).
const (
	// SubscriptionActive is a paid period that renews when it ends.
	SubscriptionActive = "active"
	// SubscriptionCancelled is a paid period that will not renew: still premium until it ends.
	SubscriptionCancelled = "cancelled"
	// SubscriptionExpired is a period that ended unpaid.
	SubscriptionExpired = "expired"
)

// SubscriptionStatusAt is what a stored subscription status means at now: an active or cancelled
// period that has ended reads expired. The check is made on every read, so a subscription
// lapses by itself at the end of its period; nothing has to run then (DynamoDB's TTL is no clock).
func SubscriptionStatusAt(stored string, expiresAt, now time.Time) string {
	if (stored == SubscriptionActive || stored == SubscriptionCancelled) && !now.Before(expiresAt) {
		return SubscriptionExpired
	}
	return stored
}
