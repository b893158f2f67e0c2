package promotion

import (
	"fmt"
	"slices"

	"zuum/shared/media"
	"zuum/shared/money"
	"zuum/shared/terms"
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

// Packages is every package of terms.MassPromotion, by category in Categories' order, each
// named by its category and place ("tiktok-01").
func Packages() []Package {
	var all []Package
	for _, c := range Categories {
		for i, o := range terms.MassPromotion[c] {
			all = append(all, Package{
				ID: fmt.Sprintf("%s-%02d", c, i+1), Name: o.Name, Category: c,
				Description: fmt.Sprintf("%s: %s.", o.Name, o.Detail),
				Price:       o.Price, Total: o.Price, Currency: "NGN", Duration: "1 month", Days: 30,
				Features: []string{o.Detail, "One featured image without links", "Content may be adjusted to the outlet's style", "Reviewed before publishing"},
			})
		}
	}
	return all
}

// PackageOf is the package with id.
func PackageOf(id string) (Package, bool) {
	all := Packages()
	i := slices.IndexFunc(all, func(p Package) bool { return p.ID == id })
	if i < 0 {
		return Package{}, false
	}
	return all[i], true
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
