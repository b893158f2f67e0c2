package posts

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"zuum/shared/failure"
	"zuum/shared/money"
	"zuum/shared/post"
	"zuum/shared/terms"
)

// Beat is /api/beat: beats for sale. Its own list is /user-posts and a comment is /comment (spec
// part 2 §7); a share's link is the beat's page, /beats/{id}. The purchase routes are the beat
// group's own (functions/beat).
var Beat = Kind{
	Kind: post.Beat, NotFound: "Beat post not found", ActNotFound: "Post not found",
	SharedNotFound: "Shared beat not found",
	All:            post.AllBeats, Own: post.UserBeats, Of: post.UserBeats,
	OwnPath: "/user-posts", CommentPath: "/comment",
	draft: beatDraft,
	shareURL: func(appURL string, s post.Share) string {
		return appURL + "/beats/" + s.PostID
	},
}

type beatBody struct {
	Caption     string `json:"caption"`
	Description string `json:"description"`
	// TotalSupply is a whole number, also taken as text from form-minded clients ("100").
	TotalSupply json.RawMessage `json:"total_supply"`
	// Amount is the price in naira, a number with at most two decimals (also taken as text).
	Amount      json.RawMessage `json:"amount"`
	CoverPhoto  string          `json:"cover_photo"`
	AudioUpload string          `json:"audio_upload"`
}

const msgSupply = "total_supply must be a whole number from 1 to 1000000"

func beatDraft(w http.ResponseWriter, r *http.Request) (post.Draft, error) {
	var b beatBody
	invalid, err := decodeDraft(w, r, &b)
	if err != nil {
		return post.Draft{}, err
	}
	sale := &post.SaleDraft{Description: b.Description, Supply: post.DefaultSupply, Price: terms.BeatDefaultPrice}
	if text, ok := numberText(b.TotalSupply); ok {
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			invalid = append(invalid, failure.FieldError{Field: "total_supply", Msg: msgSupply})
		}
		sale.Supply = n
	}
	if text, ok := numberText(b.Amount); ok {
		price, err := money.Parse(text)
		if e, bad := money.ErrorOf(err); bad {
			invalid = append(invalid, failure.FieldError{Field: "amount", Msg: e.Reason})
		}
		sale.Price = price
	}
	return post.Draft{
		Caption: b.Caption, Media: b.AudioUpload, Cover: b.CoverPhoto, Sale: sale, Invalid: invalid,
	}, nil
}

// numberText is the text of a number sent as JSON or as a JSON string; ok is false when it is
// absent, null or blank (the field's default applies).
func numberText(raw json.RawMessage) (text string, ok bool) {
	if isNull(raw) {
		return "", false
	}
	text = string(raw)
	var s string
	if json.Unmarshal(raw, &s) == nil {
		text = s
	}
	text = strings.TrimSpace(text)
	return text, text != ""
}
