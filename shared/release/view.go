package release

import (
	"time"

	"zuum/shared/money"
)

// View is a release as the API answers it (functions/openapi.yaml, Release): where it stands,
// the form as stored (files by key, to send back when a draft is saved again), and the files as
// URLs a browser can play and show.
type View struct {
	ID          string      `json:"id"`
	Status      Status      `json:"status"`
	Reason      string      `json:"reason"`
	Title       string      `json:"title"`
	ReleaseType string      `json:"release_type"`
	OwnerID     string      `json:"owner_id"`
	Username    string      `json:"username"`
	Package     string      `json:"package"`
	Price       money.Money `json:"price"`
	CreatedAt   string      `json:"created_at"`
	UpdatedAt   string      `json:"updated_at"`
	SubmittedAt *string     `json:"submitted_at"`
	Form        Form        `json:"form"`
	Files       FileURLs    `json:"files"`
}

// FileURLs are a release's files as URLs ("" where there is none): the cover, the single's
// audio, and each track's audio in track order.
type FileURLs struct {
	CoverArt  string   `json:"coverArt"`
	AudioFile string   `json:"audioFile"`
	Tracks    []string `json:"tracks"`
}

// View renders r, signing its files with url (a key to a URL).
func (r Release) View(url func(key string) string) View {
	v := View{
		ID: r.ID, Status: r.Status, Reason: r.Reason, Title: r.Form.Title, ReleaseType: r.Form.ReleaseType,
		OwnerID: r.OwnerID, Username: r.OwnerUsername, Package: r.Package, Price: r.Price,
		CreatedAt: r.CreatedAt.Format(time.RFC3339), UpdatedAt: r.UpdatedAt.Format(time.RFC3339), Form: r.Form,
		Files: FileURLs{CoverArt: sign(url, r.Form.CoverArt), AudioFile: sign(url, r.Form.AudioFile), Tracks: []string{}},
	}
	if v.Form.Tracks == nil {
		v.Form.Tracks = []Track{}
	}
	if v.Form.Songwriters == nil {
		v.Form.Songwriters = []string{}
	}
	if r.Status == Draft {
		v.Package = r.Form.PromotionPackage
		if p, ok := PackageOf(v.Package); ok {
			v.Price = p.Price
		}
	}
	if !r.SubmittedAt.IsZero() {
		at := r.SubmittedAt.Format(time.RFC3339)
		v.SubmittedAt = &at
	}
	for _, t := range r.Form.Tracks {
		v.Files.Tracks = append(v.Files.Tracks, sign(url, t.AudioFile))
	}
	return v
}

func sign(url func(string) string, key string) string {
	if key == "" {
		return ""
	}
	return url(key)
}
