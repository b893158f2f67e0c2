package promotion

import (
	"fmt"

	"zuum/shared/media"
	"zuum/shared/money"
)

// Categories of mass promotion, in the order GET /api/packages lists them (the web app opens
// on tiktok). Print media is the category national; "print" names it too in a submission.
var Categories = []string{"tiktok", "youtube", "national", "tv", "radio", "digital", "chart", "playlist", "international"}

// Print is the other name of the category national.
const Print = "print"

// Package is a mass promotion package: what it buys, its price (total is the price with every
// fee and tax, which is what the wallet pays) and how long it runs.
type Package struct {
	ID, Name, Description, Category string
	Price, Total                    money.Money
	Currency                        string
	Duration                        string
	Days                            int
	Features                        []string
}

// offer is one line of the catalogue below.
type offer struct {
	name  string
	naira int64
	extra string
}

// catalogue is the packages of each category (spec part 2 §9's counts: 19 print outlets, 14 TV
// packages, 11 stations, 12 digital outlets, 3 charts, 5 playlists, 4 YouTube and 3 TikTok tiers,
// and the international package with 4 global outlets).
var catalogue = map[string][]offer{
	"national": {
		{"The Daily Ledger", 150000, "full-page feature"}, {"Morning Courier", 120000, "half-page feature"},
		{"National Chronicle", 140000, "interview feature"}, {"The Weekend Review", 100000, "weekend arts page"},
		{"City Pulse", 80000, "entertainment column"}, {"The Nation Today", 130000, "arts and culture page"},
		{"Sunday Tribune", 110000, "Sunday magazine spread"}, {"Lagos Gazette", 90000, "city news feature"},
		{"Abuja Observer", 90000, "capital news feature"}, {"Eastern Star", 70000, "regional feature"},
		{"Northern Herald", 70000, "regional feature"}, {"Delta Voice", 60000, "regional feature"},
		{"Showbiz Weekly", 85000, "cover story"}, {"Music Times", 95000, "artist profile"},
		{"Afrobeats Journal", 100000, "release review"}, {"Naija Entertainment Online", 50000, "web feature"},
		{"Culture Blog Network", 45000, "blog post across the network"}, {"Trend Watch", 40000, "web feature"},
		{"Sound Digest", 55000, "release review online"},
	},
	"tv": {
		{"Prime Music TV", 250000, "video rotation, 2 weeks"}, {"Afro Hits Channel", 200000, "video rotation, 2 weeks"},
		{"Urban Beats TV", 180000, "video rotation"}, {"Naija Vibes TV", 150000, "video rotation"},
		{"Gospel Plus TV", 120000, "video rotation"}, {"Street Pop TV", 140000, "video rotation"},
		{"Morning Show Spotlight", 300000, "live interview slot"}, {"Late Night Live", 280000, "performance slot"},
		{"Weekend Countdown", 220000, "countdown feature"}, {"Free-to-air Bundle A", 350000, "three free-to-air channels"},
		{"Free-to-air Bundle B", 450000, "five free-to-air channels"}, {"Satellite Bundle", 500000, "satellite music channels"},
		{"Regional TV Bundle", 160000, "regional stations"}, {"Full TV Campaign", 900000, "every channel above"},
	},
	"radio": {
		{"Lagos FM 1", 80000, "daily rotation, 2 weeks"}, {"Lagos FM 2", 75000, "daily rotation, 2 weeks"},
		{"Abuja FM", 70000, "daily rotation"}, {"Port Harcourt FM", 60000, "daily rotation"},
		{"Ibadan FM", 55000, "daily rotation"}, {"Kano FM", 55000, "daily rotation"},
		{"Enugu FM", 50000, "daily rotation"}, {"Benin FM", 50000, "daily rotation"},
		{"Campus Radio Network", 40000, "campus stations"}, {"Drive Time Feature", 120000, "drive-time interview"},
		{"National Radio Bundle", 350000, "every station above"},
	},
	"digital": {
		{"Music Blog A", 30000, "blog post"}, {"Music Blog B", 30000, "blog post"}, {"Culture Site", 35000, "feature article"},
		{"Entertainment Portal", 45000, "homepage feature"}, {"Lifestyle Magazine Online", 40000, "artist profile"},
		{"News Aggregator", 25000, "syndicated story"}, {"Instagram Pages Bundle", 60000, "ten pages"},
		{"X Influencers Bundle", 55000, "ten accounts"}, {"Newsletter Feature", 20000, "newsletter slot"},
		{"Podcast Mention", 35000, "podcast segment"}, {"Review Site", 30000, "release review"},
		{"Full Digital Campaign", 300000, "every outlet above"},
	},
	"chart": {
		{"Top 50 Chart Submission", 50000, "chart consideration"}, {"Hot Singles Chart", 70000, "chart consideration"},
		{"Afro Top 100", 90000, "chart consideration"},
	},
	"playlist": {
		{"Afro Fresh Playlist", 25000, "curated playlist"}, {"Street Anthems", 30000, "curated playlist"},
		{"Chill Naija", 25000, "curated playlist"}, {"Gospel Praise", 20000, "curated playlist"},
		{"New Music Friday Naija", 40000, "curated playlist"},
	},
	"youtube": {
		{"Normal Promotion", 50000, "targeted views"}, {"Mid Promotion", 100000, "targeted views and subscribers"},
		{"Wild Promotion", 200000, "targeted views, subscribers and shorts"}, {"Mass Promotion", 400000, "full campaign"},
	},
	"tiktok": {
		{"Mid Promotion", 100000, "creators using your sound"}, {"Wild Promotion", 250000, "more creators and a challenge"},
		{"Mass Promotion", 500000, "full creator campaign"},
	},
	"international": {
		{"International Package", 1050000, "global press release and playlist pitching"},
		{"Global Outlet: Music Week Online", 300000, "feature"}, {"Global Outlet: World Beats Magazine", 280000, "feature"},
		{"Global Outlet: Afro Global Radio", 250000, "radio feature"}, {"Global Outlet: Diaspora TV", 320000, "TV feature"},
	},
}

// packages is the catalogue as packages, by category in Categories' order; byID indexes it.
var packages, byID = func() ([]Package, map[string]Package) {
	var all []Package
	index := map[string]Package{}
	for _, c := range Categories {
		for i, o := range catalogue[c] {
			p := Package{
				ID: fmt.Sprintf("%s-%02d", c, i+1), Name: o.name, Category: c,
				Description: fmt.Sprintf("%s: %s.", o.name, o.extra),
				Price:       money.Money(o.naira) * money.Naira, Currency: "NGN", Duration: "1 month", Days: 30,
				Features: []string{o.extra, "One featured image without links", "Content may be adjusted to the outlet's style", "Reviewed before publishing"},
			}
			p.Total = p.Price
			all = append(all, p)
			index[p.ID] = p
		}
	}
	return all, index
}()

// Packages is every package, by category.
func Packages() []Package { return packages }

// PackageOf is the package with id.
func PackageOf(id string) (Package, bool) {
	p, ok := byID[id]
	return p, ok
}

// field is one field of a category's form: a text, a link (a web URL), or a file (an upload key
// of the kind).
type field struct {
	name, label string
	file        media.Kind
	link        bool
	optional    bool
}

// forms are the fields each category's submission takes (spec part 2 §3).
var forms = func() map[string][]field {
	press := []field{{name: "title", label: "Title"}, {name: "body", label: "Body"}, {name: "image", label: "Image", file: media.Image},
		{name: "description", label: "Description", optional: true}}
	song := []field{{name: "song_link", label: "Song link", link: true}}
	return map[string][]field{
		"national": press, "international": press,
		"tv":    {{name: "title", label: "Title"}, {name: "biography", label: "Biography"}, {name: "hd_video", label: "HD video", file: media.Video}},
		"radio": song, "chart": song, "playlist": song,
		"digital": {{name: "artist_name", label: "Artist name"}, {name: "biography", label: "Biography"}, {name: "artist_photo", label: "Artist photo", file: media.Image}},
		"youtube": {{name: "video_link", label: "Video link", link: true}, {name: "title", label: "Title"}, {name: "description", label: "Description"}},
		"tiktok": {{name: "video_link", label: "Video link", link: true}, {name: "title", label: "Title"}, {name: "description", label: "Description"},
			{name: "hashtags", label: "Hashtags"}, {name: "music", label: "Music"}},
	}
}()
