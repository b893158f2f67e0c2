// Package terms is every figure Zuum charges, pays or requires: prices, fees, the commission and
// the minimums. Each is written here once; the domains read them from here, and GET /api/terms
// serves them to the web app, which copies none. A price change is one line in this file.
//
// The payment provider's own charges (its fee on a pay-in, its fee on a transfer) are not Zuum's
// terms: the provider reports them on each transaction and the ledger books what it reports.
package terms

import "zuum/shared/money"

// Wallet.
const (
	// MinDeposit is the smallest amount a temporary deposit account is opened for.
	MinDeposit = 100 * money.Naira
	// MinWithdrawal is the smallest withdrawal to a bank account.
	MinWithdrawal = 100 * money.Naira
	// WithdrawalFee is what Zuum charges on each withdrawal, on top of its amount.
	WithdrawalFee = 25 * money.Naira
	// MinTransfer is the smallest wallet-to-wallet transfer.
	MinTransfer = 1 * money.Naira
)

// Beats.
const (
	// BeatCommissionPercent is Zuum's share of each beat sale, in percent of its price.
	BeatCommissionPercent = 10
	// BeatDefaultPrice is a beat's price when its producer names none.
	BeatDefaultPrice = 999 * money.Naira
)

// In-app promotion.
const (
	// PromotionPricePer7Days is what an in-app promotion costs for 7 days; other lengths are
	// priced pro rata, to the kobo.
	PromotionPricePer7Days = 5000 * money.Naira
)

// PromotionDays are the in-app promotion lengths on offer.
var PromotionDays = []int{7, 14, 30}

// Subscription prices, monthly, by identity (label owner is record_label).
var Subscription = map[string]money.Money{
	"artist":       15_000 * money.Naira,
	"producer":     20_000 * money.Naira,
	"record_label": 30_000 * money.Naira,
	"dev":          200 * money.Naira,
}

// ReleasePackage is a promotion package a release may add.
type ReleasePackage struct {
	ID, Name string
	Price    money.Money
}

// ReleasePackages are the distribution wizard's promotion packages; "none" costs nothing.
var ReleasePackages = []ReleasePackage{
	{ID: "none", Name: "None", Price: 0},
	{ID: "basic", Name: "Basic", Price: 20_000 * money.Naira},
	{ID: "standard", Name: "Standard", Price: 50_000 * money.Naira},
	{ID: "premium", Name: "Premium", Price: 100_000 * money.Naira},
}
