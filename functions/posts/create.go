package posts

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/post"
)

// create publishes the caller's post: 201 {"post"}.
func (h *Handler) create(w http.ResponseWriter, r *http.Request) {
	me := viewer(r)
	d, err := h.k.draft(w, r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	d.Kind, d.OwnerID, d.Artist = h.k.Kind, me.UserID, me.Account.Username
	if d.Sale != nil {
		d.Sale.Seller = me.Account.Username
	}
	p, err := h.d.Posts.Create(r.Context(), d)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	e := post.Entry{Post: p, Owner: me.Account.Profile, Own: true}
	httpapi.JSON(w, http.StatusCreated, Single{Post: h.d.Render.Post(r.Context(), e)})
}

// decodeDraft decodes a create body into dst. A field of the wrong type is reported with the
// draft's other problems (returned as fields); any other bad body is an error.
func decodeDraft(w http.ResponseWriter, r *http.Request, dst any) ([]failure.FieldError, error) {
	err := httpapi.Decode(w, r, dst)
	var fe *failure.Error
	if errors.As(err, &fe) && fe.Code == failure.Invalid && len(fe.Fields) > 0 {
		return fe.Fields, nil
	}
	return nil, err
}

type audioBody struct {
	Caption      string `json:"caption"`
	Type         string `json:"type"`
	AudioUpload  string `json:"audio_upload"`
	CoverPhoto   string `json:"cover_photo"`
	Spotify      string `json:"spotify"`
	AppleMusic   string `json:"apple_music"`
	YouTubeMusic string `json:"youtube_music"`
	Boomplay     string `json:"boomplay"`
	Audiomark    string `json:"audiomark"`
}

func audioDraft(w http.ResponseWriter, r *http.Request) (post.Draft, error) {
	var b audioBody
	invalid, err := decodeDraft(w, r, &b)
	return post.Draft{
		Caption: b.Caption, Type: b.Type, Media: b.AudioUpload, Cover: b.CoverPhoto, Invalid: invalid,
		Links: post.Links{Spotify: b.Spotify, AppleMusic: b.AppleMusic, YouTubeMusic: b.YouTubeMusic,
			Boomplay: b.Boomplay, Audiomark: b.Audiomark},
	}, err
}

type videoBody struct {
	Caption     string `json:"caption"`
	Location    string `json:"location"`
	VideoUpload string `json:"video_upload"`
	CoverPhoto  string `json:"cover_photo"`
	// Public and TaggedPeople also come as text from form-minded clients: "false", "[\"ada\"]".
	Public       json.RawMessage `json:"public"`
	TaggedPeople json.RawMessage `json:"tagged_people"`
}

func videoDraft(w http.ResponseWriter, r *http.Request) (post.Draft, error) {
	var b videoBody
	invalid, err := decodeDraft(w, r, &b)
	if err != nil {
		return post.Draft{}, err
	}
	d := post.Draft{
		Caption: b.Caption, Location: b.Location, Media: b.VideoUpload, Cover: b.CoverPhoto, Invalid: invalid,
	}
	var ok bool
	if d.Public, ok = flag(b.Public, true); !ok {
		d.Invalid = append(d.Invalid, failure.FieldError{Field: "public", Msg: "public must be true or false"})
	}
	if d.Tags, ok = names(b.TaggedPeople); !ok {
		d.Invalid = append(d.Invalid, failure.FieldError{Field: "tagged_people", Msg: "tagged_people must be a list of names"})
	}
	return d, nil
}

// flag reads a boolean sent as JSON or as the text "true"/"false"; absent means def.
func flag(raw json.RawMessage, def bool) (v, ok bool) {
	if isNull(raw) {
		return def, true
	}
	if err := json.Unmarshal(raw, &v); err == nil {
		return v, true
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return false, false
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true":
		return true, true
	case "false":
		return false, true
	case "":
		return def, true
	}
	return false, false
}

// names reads a list of names sent as a JSON list or as the JSON text of one.
func names(raw json.RawMessage) ([]string, bool) {
	if isNull(raw) {
		return nil, true
	}
	var list []string
	if err := json.Unmarshal(raw, &list); err == nil {
		return list, true
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, false
	}
	if s = strings.TrimSpace(s); s == "" {
		return nil, true
	}
	if err := json.Unmarshal([]byte(s), &list); err != nil {
		return nil, false
	}
	return list, true
}

func isNull(raw json.RawMessage) bool {
	return len(raw) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null"))
}
