package seed

import (
	"context"
	"fmt"
	"image/color"
	"net/http"
	"time"
)

// SaleBeat is one demo beat for sale.
type SaleBeat struct {
	Caption, Description string
	Notes                []float64
	From, To             color.RGBA
	Amount               string // naira, as the web app sends it
	Supply               int
}

// SaleBeats are the demo producers' and artists' beats for sale, by username. Each plays for
// about 14 seconds, so its 10-second preview is a cut of it.
var SaleBeats = map[string][]SaleBeat{
	"kel_on_the_beat": {
		{"Lekki Drive (amapiano, 113 bpm)", "Log drums, shakers and a warm pad. Tagged, mixed, ready for a topline.",
			[]float64{55, 82, 110, 82, 55, 73, 98, 73}, color.RGBA{0, 188, 212, 255}, color.RGBA{63, 81, 181, 255}, "15000", 50},
		{"Owambe Bounce (afrobeats, 102 bpm)", "Talking drum and guitar licks for a party record.",
			[]float64{98, 131, 147, 131, 98, 110, 123, 110}, color.RGBA{255, 152, 0, 255}, color.RGBA{233, 30, 99, 255}, "9999.99", 20},
	},
	"zara_keys": {
		{"Kano Sunset (highlife house)", "Piano chords and a four-on-the-floor kick; stems on request.",
			[]float64{523, 659, 784, 880, 784, 659, 587, 523}, color.RGBA{255, 235, 59, 255}, color.RGBA{76, 175, 80, 255}, "7500", 100},
	},
	"tunde_flows": {
		{"Yaba Cypher (drill, 140 bpm)", "Sliding 808s for a cypher. Free for non-profit freestyles, licence for releases.",
			[]float64{41, 41, 55, 41, 49, 41, 37, 41}, color.RGBA{30, 30, 30, 255}, color.RGBA{244, 67, 54, 255}, "4999.5", 30},
	},
}

// Beats puts the demo beats for sale up through the running app's API, as their owners would
// (presigned uploads included), in sessions opened by sessions; settle waits for the media
// function's checks of the uploads. An owner who already has beats for sale is skipped, so it
// runs at every start.
func Beats(ctx context.Context, appURL string, hc *http.Client, sessions Sessions, settle func(context.Context) error) (created int, err error) {
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	c := &client{base: appURL, http: hc}
	for _, d := range Demos {
		beats := SaleBeats[d.Username]
		if len(beats) == 0 {
			continue
		}
		login, err := sessions.OpenSession(ctx, d.Email)
		if err != nil {
			return created, fmt.Errorf("open a session for %s: %w", d.Username, err)
		}
		var mine struct {
			Pagination struct {
				Total int `json:"total"`
			} `json:"pagination"`
		}
		if err := c.do(ctx, "GET", "/api/beat/user-posts", login.Token, nil, &mine); err != nil {
			return created, err
		}
		if mine.Pagination.Total > 0 {
			continue
		}
		var posts []pending
		for _, b := range beats {
			cover, err := c.upload(ctx, login.Token, "image", "image/png", "cover.png", Cover(b.From, b.To))
			if err != nil {
				return created, err
			}
			audio, err := c.upload(ctx, login.Token, "audio", "audio/wav", "beat.wav", Tone(b.Notes, 1.75))
			if err != nil {
				return created, err
			}
			posts = append(posts, pending{"/api/beat/create", map[string]any{
				"caption": b.Caption, "description": b.Description, "amount": b.Amount, "total_supply": b.Supply,
				"audio_upload": audio, "cover_photo": cover,
			}})
		}
		if err := settle(ctx); err != nil {
			return created, err
		}
		for _, p := range posts {
			if err := c.do(ctx, "POST", p.path, login.Token, p.body, nil); err != nil {
				return created, fmt.Errorf("beat for %s: %w", d.Username, err)
			}
			created++
		}
	}
	return created, nil
}
