package payment_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"zuum/shared/money"
	"zuum/shared/terms"
)

// setTerm changes one figure of shared/terms for the test, as editing its line would.
func setTerm[T any](t *testing.T, figure *T, v T) {
	t.Helper()
	was := *figure
	*figure = v
	t.Cleanup(func() { *figure = was })
}

func TestTerms_APriceChangeIsOneLineSeenInTheTermsAndInTheCharge(t *testing.T) {
	// Given the in-app promotion price changed in shared/terms (one line: 5,000 a week becomes
	// 7,000.50), and the lengths on offer with it
	setTerm(t, &terms.PromotionPricePer7Days, 700050)
	setTerm(t, &terms.PromotionDays, []int{7, 21})
	a, ada := startMember(t, "ada_terms")
	fund(t, a, ada, "25000")
	id := audioPost(t, a, ada, "music")

	// Then GET /api/terms serves the new figures
	r := a.Client(t).JSON("GET", "/api/terms", nil)
	promotion, _ := r.Body["promotion"].(map[string]any)
	if r.Status != http.StatusOK || promotion["price_per_7_days"] != 7000.5 || len(promotion["days"].([]any)) != 2 || promotion["days"].([]any)[1] != 21.0 {
		t.Fatalf("terms: %d %s", r.Status, r.Raw)
	}

	// And a promotion for 30 days, no longer on offer, is refused while 21 days is charged at the
	// new price (3 weeks of 7,000.50)
	if got := promote(a, ada, "", id, "audio", 30); got.Status != http.StatusBadRequest {
		t.Errorf("30 days: %d %s, want 400", got.Status, got.Raw)
	}
	got := promote(a, ada, "", id, "audio", 21)
	var answer struct{ Data struct{ Price money.Money } }
	if err := json.Unmarshal(got.Raw, &answer); got.Status != http.StatusCreated || err != nil || answer.Data.Price != 3*700050 {
		t.Fatalf("21 days: %d %s, want 201 at 21001.50", got.Status, got.Raw)
	}
	if b := balance(t, a, ada.id); b != 25000*money.Naira-3*700050 {
		t.Errorf("balance %s, want 3998.50", b)
	}
	if h := held(t, a); h != 3*700050 {
		t.Errorf("held %s, want 21001.50", h)
	}
}
