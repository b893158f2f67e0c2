package seed

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"image/color"
	"io"
	"mime/multipart"
	"net/http"
	"time"

	"zuum/shared/account"
)

// Track is one demo audio post.
type Track struct {
	Caption  string
	Notes    []float64
	From, To color.RGBA
	Spotify  string
}

// demoVideo is a four-second 240×426 H.264/AAC MP4 (87 KB, made once with ffmpeg from its test
// pattern and a 440 Hz tone) that every demo video post uses.
//
//go:embed assets/demo-video.mp4
var demoVideo []byte

// Tracks are the demo creators' audio posts, by username.
var Tracks = map[string][]Track{
	"ada_sings": {
		{"Enugu Nights (acoustic)", []float64{392, 440, 494, 440, 392, 330, 392, 440}, color.RGBA{233, 69, 96, 255}, color.RGBA{83, 52, 131, 255}, "https://open.spotify.com/track/demo-enugu"},
		{"Morning Prayer", []float64{262, 330, 392, 523, 392, 330, 262, 294}, color.RGBA{255, 183, 77, 255}, color.RGBA{233, 69, 96, 255}, "https://open.spotify.com/track/demo-prayer"},
	},
	"tunde_flows": {
		{"Third Mainland Bridge", []float64{110, 110, 147, 110, 165, 147, 110, 98}, color.RGBA{30, 30, 30, 255}, color.RGBA{0, 150, 136, 255}, "https://open.spotify.com/track/demo-bridge"},
	},
	"kel_on_the_beat": {
		{"Log Drum Sketch #4 (amapiano)", []float64{55, 82, 55, 110, 55, 82, 73, 110}, color.RGBA{63, 81, 181, 255}, color.RGBA{0, 188, 212, 255}, "https://open.spotify.com/track/demo-logdrum"},
	},
	"zara_keys": {
		{"Highlife House (piano loop)", []float64{523, 659, 784, 659, 587, 698, 880, 698}, color.RGBA{76, 175, 80, 255}, color.RGBA{255, 235, 59, 255}, "https://open.spotify.com/track/demo-highlife"},
	},
}

// Videos are the demo creators' short videos, by username.
var Videos = map[string]string{
	"tunde_flows": "Freestyle on the bus to Yaba",
	"ada_sings":   "Studio session: vocals take 3",
}

// Follows are demo follows: who follows whom.
var Follows = [][2]string{
	{"tunde_flows", "ada_sings"}, {"kel_on_the_beat", "ada_sings"}, {"zara_keys", "ada_sings"},
	{"eko_sound", "ada_sings"}, {"ada_sings", "kel_on_the_beat"}, {"ada_sings", "tunde_flows"},
	{"naija_wave", "tunde_flows"}, {"eko_sound", "zara_keys"},
}

// Sessions opens a demo account's session without its password (account.Service does), so the
// seed never goes through the rate-limited login: failed logins from the seed's address, or
// against a demo account, before a restart cannot stop the local cloud from starting.
type Sessions interface {
	OpenSession(ctx context.Context, email string) (account.Login, error)
}

// Posts gives the demo creators their posts and follows through the running app's API, the way
// a user would make them (presigned uploads included), in sessions opened by sessions. settle
// waits for the asynchronous work uploads set off (the media function's checks), so posts are
// created with measured durations. hc is the HTTP client to use (nil: a plain one). A creator who
// already has posts is skipped, so it runs at every start.
func Posts(ctx context.Context, appURL string, hc *http.Client, sessions Sessions, settle func(context.Context) error) (created int, err error) {
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	c := &client{base: appURL, http: hc}
	ids, tokens := map[string]string{}, map[string]string{}
	for _, d := range Demos {
		login, err := sessions.OpenSession(ctx, d.Email)
		if err != nil {
			return created, fmt.Errorf("open a session for %s: %w", d.Username, err)
		}
		ids[d.Username], tokens[d.Username] = login.Account.ID, login.Token
	}
	for _, f := range Follows {
		if err := c.do(ctx, "POST", "/api/user/follow", tokens[f[0]], map[string]any{"profileId": ids[f[1]], "follow": true}, nil); err != nil {
			return created, fmt.Errorf("%s follows %s: %w", f[0], f[1], err)
		}
	}
	for _, d := range Demos {
		token := tokens[d.Username]
		var mine struct {
			Pagination struct {
				Total int `json:"total"`
			} `json:"pagination"`
		}
		if err := c.do(ctx, "GET", "/api/audio/user", token, nil, &mine); err != nil {
			return created, err
		}
		if mine.Pagination.Total > 0 {
			continue
		}
		var posts []pending
		for _, t := range Tracks[d.Username] {
			cover, err := c.upload(ctx, token, "image", "image/png", "cover.png", Cover(t.From, t.To))
			if err != nil {
				return created, err
			}
			audio, err := c.upload(ctx, token, "audio", "audio/wav", "track.wav", Tone(t.Notes, 0.45))
			if err != nil {
				return created, err
			}
			posts = append(posts, pending{"/api/audio/create", map[string]any{
				"caption": t.Caption, "type": "music", "audio_upload": audio, "cover_photo": cover, "spotify": t.Spotify}})
		}
		if caption, ok := Videos[d.Username]; ok {
			video, err := c.upload(ctx, token, "video", "video/mp4", "clip.mp4", demoVideo)
			if err != nil {
				return created, err
			}
			posts = append(posts, pending{"/api/video/create", map[string]any{
				"caption": caption, "location": "Lagos", "public": true, "video_upload": video}})
		}
		if err := settle(ctx); err != nil {
			return created, err
		}
		for _, p := range posts {
			if err := c.do(ctx, "POST", p.path, token, p.body, nil); err != nil {
				return created, fmt.Errorf("post for %s: %w", d.Username, err)
			}
			created++
		}
	}
	return created, nil
}

// pending is a post waiting for its uploads' checks.
type pending struct {
	path string
	body map[string]any
}

type client struct {
	base string
	http *http.Client
}

// do sends a JSON call and decodes the answer into out (when not nil); a status of 300 or more
// is an error carrying the server's message.
func (c *client) do(ctx context.Context, method, path, token string, body, out any) error {
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %d %s", method, path, res.StatusCode, raw)
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}

// upload asks for a presigned POST and performs it as a browser would; it returns the key.
func (c *client) upload(ctx context.Context, token, kind, contentType, filename string, data []byte) (string, error) {
	var ticket struct {
		Key    string            `json:"key"`
		URL    string            `json:"url"`
		Fields map[string]string `json:"fields"`
	}
	req := map[string]any{"kind": kind, "content_type": contentType, "size": len(data), "filename": filename}
	if err := c.do(ctx, "POST", "/api/uploads", token, req, &ticket); err != nil {
		return "", err
	}
	var body bytes.Buffer
	form := multipart.NewWriter(&body)
	for k, v := range ticket.Fields {
		_ = form.WriteField(k, v)
	}
	part, _ := form.CreateFormFile("file", filename)
	_, _ = part.Write(data)
	_ = form.Close()
	post, err := http.NewRequestWithContext(ctx, "POST", ticket.URL, &body)
	if err != nil {
		return "", err
	}
	post.Header.Set("Content-Type", form.FormDataContentType())
	res, err := c.http.Do(post)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	if res.StatusCode >= 300 {
		raw, _ := io.ReadAll(res.Body)
		return "", fmt.Errorf("upload %s: %d %s", filename, res.StatusCode, raw)
	}
	return ticket.Key, nil
}
