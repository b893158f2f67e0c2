package wallet

import (
	"encoding/json"
	"log/slog"
	"net/http"

	"zuum/shared/money"
	"zuum/shared/terms"
)

// termsCacheControl lets browsers and the CDN keep the terms a few minutes: they change only
// with a deployment, and every screen that shows a price reads them.
const termsCacheControl = "public, max-age=300"

// termsJSON is every figure of shared/terms in naira (GET /api/terms).
type termsJSON struct {
	Currency string `json:"currency"`
	Deposit  struct {
		Minimum money.Money `json:"minimum"`
	} `json:"deposit"`
	Withdrawal struct {
		Minimum money.Money `json:"minimum"`
		Fee     money.Money `json:"fee"`
	} `json:"withdrawal"`
	Transfer struct {
		Minimum money.Money `json:"minimum"`
	} `json:"transfer"`
	Beat struct {
		CommissionPercent int         `json:"commission_percent"`
		DefaultPrice      money.Money `json:"default_price"`
	} `json:"beat"`
	Promotion struct {
		PricePer7Days money.Money `json:"price_per_7_days"`
		Days          []int       `json:"days"`
	} `json:"promotion"`
	Subscription    map[string]money.Money `json:"subscription"`
	ReleasePackages []releasePackageJSON   `json:"release_packages"`
}

type releasePackageJSON struct {
	ID    string      `json:"id"`
	Name  string      `json:"name"`
	Price money.Money `json:"price"`
}

// currentTerms reads shared/terms as the API answers it.
func currentTerms() termsJSON {
	var t termsJSON
	t.Currency = Currency
	t.Deposit.Minimum = terms.MinDeposit
	t.Withdrawal.Minimum, t.Withdrawal.Fee = terms.MinWithdrawal, terms.WithdrawalFee
	t.Transfer.Minimum = terms.MinTransfer
	t.Beat.CommissionPercent, t.Beat.DefaultPrice = terms.BeatCommissionPercent, terms.BeatDefaultPrice
	t.Promotion.PricePer7Days, t.Promotion.Days = terms.PromotionPricePer7Days, terms.PromotionDays
	t.Subscription = terms.Subscription
	for _, p := range terms.ReleasePackages {
		t.ReleasePackages = append(t.ReleasePackages, releasePackageJSON{ID: p.ID, Name: p.Name, Price: p.Price})
	}
	return t
}

// terms answers every price, fee, commission and minimum, to anyone: the screens that show a
// figure read it from here and copy none.
func (h *Handler) terms(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", termsCacheControl)
	w.WriteHeader(http.StatusOK)
	if err := json.NewEncoder(w).Encode(currentTerms()); err != nil {
		slog.Error("encode terms", "err", err)
	}
}
