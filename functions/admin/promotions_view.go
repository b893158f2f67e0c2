package admin

// optional is s, or nil when s is empty: a view's optional field. The withdrawals queue's view
// uses it; the promotions queue it was written for lives with its domain (functions/promotion).
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
