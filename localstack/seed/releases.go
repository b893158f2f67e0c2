package seed

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"
)

// DemoRelease is the demo single ada_sings has submitted for distribution, so the admin area's
// releases queue (and her "My releases") has something in it on a fresh machine.
var DemoRelease = map[string]any{
	"hasDistributed": "no", "artistName": "Ada Sings", "confirmOwnership": true,
	"releaseType": "single", "title": "Enugu Rain", "genre": "r&b", "isExplicit": false,
	"songwriter": "self", "songwriters": []string{"Ada Okonkwo"}, "recordLabel": "no",
	"lyrics": "Enugu rain on a zinc roof,\nyou and me and the evening news.", "promotionPackage": "none",
	"agreements": map[string]bool{"terms": true, "youtubeAck": true, "promoAck": true, "rightsAck": true, "nameAck": true, "distributionAck": true},
}

// CoverArt is a 3000x3000 PNG fading from one colour at the top to another at the bottom: the
// smallest size stores take, and small as a file (every row is one colour).
func CoverArt(from, to color.RGBA) []byte {
	const size = 3000
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	mix := func(a, b uint8, t float64) uint8 { return uint8(float64(a)*(1-t) + float64(b)*t) }
	for y := range size {
		t := float64(y) / size
		c := color.RGBA{R: mix(from.R, to.R, t), G: mix(from.G, to.G, t), B: mix(from.B, to.B, t), A: 255}
		for x := range size {
			img.SetRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}

// Releases submits DemoRelease for ada_sings through the running app's API, as she would
// (presigned uploads of the cover and the track included), unless she has releases already, so
// it runs at every start. settle waits for the media function's checks of the uploads.
func Releases(ctx context.Context, appURL string, hc *http.Client, sessions Sessions, settle func(context.Context) error) (created int, err error) {
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	c := &client{base: appURL, http: hc}
	login, err := sessions.OpenSession(ctx, Demos[0].Email)
	if err != nil {
		return 0, fmt.Errorf("open a session for %s: %w", Demos[0].Username, err)
	}
	var mine struct {
		Pagination struct {
			Total int `json:"total"`
		} `json:"pagination"`
	}
	if err := c.do(ctx, "GET", "/api/distribution/releases", login.Token, nil, &mine); err != nil || mine.Pagination.Total > 0 {
		return 0, err
	}
	cover, err := c.upload(ctx, login.Token, "cover_art", "image/png", "cover.png",
		CoverArt(color.RGBA{R: 103, G: 58, B: 183, A: 255}, color.RGBA{R: 255, G: 87, B: 34, A: 255}))
	if err != nil {
		return 0, err
	}
	track, err := c.upload(ctx, login.Token, "release_audio", "audio/wav", "enugu-rain.wav", Tone([]float64{392, 440, 494, 440, 392, 330, 349, 392}, 1.5))
	if err != nil {
		return 0, err
	}
	if err := settle(ctx); err != nil {
		return 0, err
	}
	body := map[string]any{"coverArt": cover, "audioFile": track,
		"releaseDate": time.Now().In(time.FixedZone("Africa/Lagos", 3600)).AddDate(0, 0, 14).Format(time.DateOnly),
		"copyright":   map[string]any{"year": time.Now().Year(), "owner": "Ada Okonkwo"}}
	for k, v := range DemoRelease {
		body[k] = v
	}
	raw, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, "POST", appURL+"/api/distribution/releases", bytes.NewReader(raw))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+login.Token)
	req.Header.Set("Idempotency-Key", uuid.NewString())
	res, err := hc.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		msg, _ := io.ReadAll(res.Body)
		return 0, fmt.Errorf("demo release: %d %s", res.StatusCode, msg)
	}
	return 1, nil
}
