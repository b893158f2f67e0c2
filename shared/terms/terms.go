// Package terms is every figure Zuum charges, pays or requires: prices, fees, the commission and
// the minimums. Each is written here once; the domains read them from here, and GET /api/terms
// serves them to the web app, which copies none. A price change is one line in this file.
//
// The payment provider's own charges (its fee on a pay-in, its fee on a transfer) are not Zuum's
// terms: the provider reports them on each transaction and the ledger books what it reports.
package terms

import "zuum/shared/money"

// The figures are variables only so that a test can change one and see it everywhere (the API,
// the charge, the screen); nothing else assigns them.

// Wallet.
var (
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
var (
	// BeatCommissionPercent is Zuum's share of each beat sale, in percent of its price.
	BeatCommissionPercent = 10
	// BeatDefaultPrice is a beat's price when its producer names none.
	BeatDefaultPrice = 999 * money.Naira
)

// In-app promotion.
var (
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

// MassPackage is one package of the mass promotion catalogue (GET /api/packages): an outlet or a
// bundle, its price (what the wallet pays, every fee and tax included) and what it buys.
type MassPackage struct {
	Name   string
	Price  money.Money
	Detail string
}

// MassPromotion is the mass promotion catalogue by category, each category's packages in the
// order offered (spec part 2 §9's counts: 19 print outlets, 14 TV packages, 11 stations, 12
// digital outlets, 3 charts, 5 playlists, 4 YouTube and 3 TikTok tiers, and the international
// package with 4 global outlets).
var MassPromotion = map[string][]MassPackage{
	"national": {
		{"The Daily Ledger", 150_000 * money.Naira, "full-page feature"}, {"Morning Courier", 120_000 * money.Naira, "half-page feature"},
		{"National Chronicle", 140_000 * money.Naira, "interview feature"}, {"The Weekend Review", 100_000 * money.Naira, "weekend arts page"},
		{"City Pulse", 80_000 * money.Naira, "entertainment column"}, {"The Nation Today", 130_000 * money.Naira, "arts and culture page"},
		{"Sunday Tribune", 110_000 * money.Naira, "Sunday magazine spread"}, {"Lagos Gazette", 90_000 * money.Naira, "city news feature"},
		{"Abuja Observer", 90_000 * money.Naira, "capital news feature"}, {"Eastern Star", 70_000 * money.Naira, "regional feature"},
		{"Northern Herald", 70_000 * money.Naira, "regional feature"}, {"Delta Voice", 60_000 * money.Naira, "regional feature"},
		{"Showbiz Weekly", 85_000 * money.Naira, "cover story"}, {"Music Times", 95_000 * money.Naira, "artist profile"},
		{"Afrobeats Journal", 100_000 * money.Naira, "release review"}, {"Naija Entertainment Online", 50_000 * money.Naira, "web feature"},
		{"Culture Blog Network", 45_000 * money.Naira, "blog post across the network"}, {"Trend Watch", 40_000 * money.Naira, "web feature"},
		{"Sound Digest", 55_000 * money.Naira, "release review online"},
	},
	"tv": {
		{"Prime Music TV", 250_000 * money.Naira, "video rotation, 2 weeks"}, {"Afro Hits Channel", 200_000 * money.Naira, "video rotation, 2 weeks"},
		{"Urban Beats TV", 180_000 * money.Naira, "video rotation"}, {"Naija Vibes TV", 150_000 * money.Naira, "video rotation"},
		{"Gospel Plus TV", 120_000 * money.Naira, "video rotation"}, {"Street Pop TV", 140_000 * money.Naira, "video rotation"},
		{"Morning Show Spotlight", 300_000 * money.Naira, "live interview slot"}, {"Late Night Live", 280_000 * money.Naira, "performance slot"},
		{"Weekend Countdown", 220_000 * money.Naira, "countdown feature"}, {"Free-to-air Bundle A", 350_000 * money.Naira, "three free-to-air channels"},
		{"Free-to-air Bundle B", 450_000 * money.Naira, "five free-to-air channels"}, {"Satellite Bundle", 500_000 * money.Naira, "satellite music channels"},
		{"Regional TV Bundle", 160_000 * money.Naira, "regional stations"}, {"Full TV Campaign", 900_000 * money.Naira, "every channel above"},
	},
	"radio": {
		{"Lagos FM 1", 80_000 * money.Naira, "daily rotation, 2 weeks"}, {"Lagos FM 2", 75_000 * money.Naira, "daily rotation, 2 weeks"},
		{"Abuja FM", 70_000 * money.Naira, "daily rotation"}, {"Port Harcourt FM", 60_000 * money.Naira, "daily rotation"},
		{"Ibadan FM", 55_000 * money.Naira, "daily rotation"}, {"Kano FM", 55_000 * money.Naira, "daily rotation"},
		{"Enugu FM", 50_000 * money.Naira, "daily rotation"}, {"Benin FM", 50_000 * money.Naira, "daily rotation"},
		{"Campus Radio Network", 40_000 * money.Naira, "campus stations"}, {"Drive Time Feature", 120_000 * money.Naira, "drive-time interview"},
		{"National Radio Bundle", 350_000 * money.Naira, "every station above"},
	},
	"digital": {
		{"Music Blog A", 30_000 * money.Naira, "blog post"}, {"Music Blog B", 30_000 * money.Naira, "blog post"}, {"Culture Site", 35_000 * money.Naira, "feature article"},
		{"Entertainment Portal", 45_000 * money.Naira, "homepage feature"}, {"Lifestyle Magazine Online", 40_000 * money.Naira, "artist profile"},
		{"News Aggregator", 25_000 * money.Naira, "syndicated story"}, {"Instagram Pages Bundle", 60_000 * money.Naira, "ten pages"},
		{"X Influencers Bundle", 55_000 * money.Naira, "ten accounts"}, {"Newsletter Feature", 20_000 * money.Naira, "newsletter slot"},
		{"Podcast Mention", 35_000 * money.Naira, "podcast segment"}, {"Review Site", 30_000 * money.Naira, "release review"},
		{"Full Digital Campaign", 300_000 * money.Naira, "every outlet above"},
	},
	"chart": {
		{"Top 50 Chart Submission", 50_000 * money.Naira, "chart consideration"}, {"Hot Singles Chart", 70_000 * money.Naira, "chart consideration"},
		{"Afro Top 100", 90_000 * money.Naira, "chart consideration"},
	},
	"playlist": {
		{"Afro Fresh Playlist", 25_000 * money.Naira, "curated playlist"}, {"Street Anthems", 30_000 * money.Naira, "curated playlist"},
		{"Chill Naija", 25_000 * money.Naira, "curated playlist"}, {"Gospel Praise", 20_000 * money.Naira, "curated playlist"},
		{"New Music Friday Naija", 40_000 * money.Naira, "curated playlist"},
	},
	"youtube": {
		{"Normal Promotion", 50_000 * money.Naira, "targeted views"}, {"Mid Promotion", 100_000 * money.Naira, "targeted views and subscribers"},
		{"Wild Promotion", 200_000 * money.Naira, "targeted views, subscribers and shorts"}, {"Mass Promotion", 400_000 * money.Naira, "full campaign"},
	},
	"tiktok": {
		{"Mid Promotion", 100_000 * money.Naira, "creators using your sound"}, {"Wild Promotion", 250_000 * money.Naira, "more creators and a challenge"},
		{"Mass Promotion", 500_000 * money.Naira, "full creator campaign"},
	},
	"international": {
		{"International Package", 1_050_000 * money.Naira, "global press release and playlist pitching"},
		{"Global Outlet: Music Week Online", 300_000 * money.Naira, "feature"}, {"Global Outlet: World Beats Magazine", 280_000 * money.Naira, "feature"},
		{"Global Outlet: Afro Global Radio", 250_000 * money.Naira, "radio feature"}, {"Global Outlet: Diaspora TV", 320_000 * money.Naira, "TV feature"},
	},
}
