package beat

import (
	"context"
	"errors"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"zuum/functions/posts"
	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/licence"
	"zuum/shared/media"
	"zuum/shared/money"
	"zuum/shared/purchase"
)

// Handler serves /api/beat.
type Handler struct {
	d        posts.Deps
	buys     *purchase.Store
	ledger   *ledger.Store
	licences *licence.Store
	mux      *http.ServeMux
}

// New mounts the beat routes: the posts route set for beats, and the purchase routes. Every
// route needs a session; a purchase also an Idempotency-Key.
func New(d posts.Deps, buys *purchase.Store, l *ledger.Store, licences *licence.Store) *Handler {
	h := &Handler{d: d, buys: buys, ledger: l, licences: licences, mux: http.NewServeMux()}
	set := posts.New(posts.Beat, d)
	h.mux.Handle("/api/beat", set)
	h.mux.Handle("/api/beat/", set)
	session := func(fn http.HandlerFunc) http.HandlerFunc { return httpapi.RequireSession(d.Sessions, fn) }
	h.mux.HandleFunc("POST /api/beat/purchase", session(httpapi.IdempotentRebuilt(l, "purchase", h.bought, h.purchase)))
	h.mux.HandleFunc("GET /api/beat/purchase", session(h.purchases))
	h.mux.HandleFunc("POST /api/beat/purchase/{id}/download", session(h.download))
	h.mux.HandleFunc("GET /api/beat/purchase/{id}/licence", session(h.licence))
	h.mux.HandleFunc("GET /api/beat/{id}/purchase", session(h.mine))
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpapi.Recover(h.mux).ServeHTTP(w, r)
}

// PurchaseJSON is a purchased beat (spec part 2 §3): audio_upload is the preview, full_audio a
// signed URL of the full audio that only its buyer is given (to play it in the app; saving a copy
// is a download), username the producer's, amount the price paid in naira. genre is "" (beats
// carry no genre yet).
type PurchaseJSON struct {
	ID         string `json:"id"`
	PostID     string `json:"post_id"`
	Caption    string `json:"caption"`
	Username   string `json:"username"`
	CoverPhoto string `json:"cover_photo"`
	// The beat's cover's size, placeholder and renditions, as its post shows them.
	CoverWidth         int                   `json:"cover_width"`
	CoverHeight        int                   `json:"cover_height"`
	CoverPlaceholder   string                `json:"cover_placeholder"`
	CoverRenditions    []posts.RenditionJSON `json:"cover_renditions"`
	AudioUpload        string                `json:"audio_upload"`
	FullAudio          string                `json:"full_audio"`
	Amount             money.Money           `json:"amount"`
	PurchaseDate       string                `json:"purchase_date"`
	Genre              string                `json:"genre"`
	DownloadsRemaining int64                 `json:"downloads_remaining"`
	LicenceNumber      string                `json:"licence_number"`
	// AudioRenditions are full_audio's listening copies, as the beat's post records them.
	AudioRenditions []posts.ListeningJSON `json:"audio_renditions"`
}

func (h *Handler) render(ctx context.Context, p purchase.Purchase) PurchaseJSON {
	return PurchaseJSON{
		ID: p.ID, PostID: p.PostID, Caption: p.Caption, Username: p.Seller, CoverPhoto: h.d.Media.URL(ctx, p.Cover),
		CoverWidth: p.Art.Width, CoverHeight: p.Art.Height, CoverPlaceholder: p.Art.Placeholder,
		CoverRenditions: h.d.Render.Renditions(ctx, p.Cover, p.Art.Renditions),
		AudioUpload:     h.d.Media.URL(ctx, p.Preview), FullAudio: h.d.Media.URL(ctx, p.Media), Amount: p.Price, PurchaseDate: p.PurchasedAt.UTC().Format(time.RFC3339),
		DownloadsRemaining: p.DownloadsRemaining, LicenceNumber: p.LicenceNumber,
		AudioRenditions: h.fullListening(ctx, p),
	}
}

// fullListening are the listening copies of the purchased beat's full audio, which only its
// owner and its buyers are given, as the beat's post records them; [] while it has none (or the
// post cannot be read: the buyer plays full_audio itself).
func (h *Handler) fullListening(ctx context.Context, p purchase.Purchase) []posts.ListeningJSON {
	var kbps []int
	if beat, err := h.d.Posts.Get(ctx, p.PostID); err == nil && beat.Media == p.Media {
		kbps = beat.Listening
	}
	return h.d.Render.Listening(ctx, p.Media, kbps)
}

// purchased is a purchase's answer.
type purchased struct {
	Message string       `json:"message"`
	Data    PurchaseJSON `json:"data"`
}

type purchaseBody struct {
	PostID *string      `json:"postId"`
	Amount *money.Money `json:"amount"`
}

// decodePurchase reads a purchase body; every problem is the spec's 400 "Validation error or
// insufficient balance" with a field error saying which.
func decodePurchase(w http.ResponseWriter, r *http.Request) (purchaseBody, error) {
	var b purchaseBody
	err := httpapi.Decode(w, r, &b)
	var fe *failure.Error
	switch {
	case errors.As(err, &fe) && fe.Code == failure.Invalid && len(fe.Fields) > 0:
		return b, failure.Fields(purchase.MsgRefused, fe.Fields...)
	case errors.As(err, &fe) && fe.Code == failure.Invalid:
		return b, failure.Fields(purchase.MsgRefused, failure.FieldError{Field: "body", Msg: fe.Message})
	case err != nil:
		return b, err
	}
	var missing []failure.FieldError
	if b.PostID == nil || strings.TrimSpace(*b.PostID) == "" {
		missing = append(missing, failure.FieldError{Field: "postId", Msg: "postId is required"})
	}
	if b.Amount == nil {
		missing = append(missing, failure.FieldError{Field: "amount", Msg: "amount is required"})
	}
	if len(missing) > 0 {
		return b, failure.Fields(purchase.MsgRefused, missing...)
	}
	return b, nil
}

// purchase buys one licence: 201 {message: "Purchase successful", data: {purchase}}. It runs
// inside httpapi.IdempotentRebuilt: the key's item is written in the purchase's own transaction,
// and a request that loses to an earlier one with its key is answered with that one's answer,
// rebuilt from its movement (bought).
func (h *Handler) purchase(w http.ResponseWriter, r *http.Request) {
	b, err := decodePurchase(w, r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	me, _ := httpapi.PrincipalFrom(r.Context())
	p, err := h.buys.Buy(r.Context(), me.Account.Profile, strings.TrimSpace(*b.PostID), *b.Amount, ledger.Once(*httpapi.OnceOf(r)))
	switch {
	case errors.Is(err, ledger.ErrReplayed):
		httpapi.Replay(w, r, h.ledger)
		return
	case err != nil:
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusCreated, h.purchased(r.Context(), p))
}

// purchased is a purchase's answer.
func (h *Handler) purchased(ctx context.Context, p purchase.Purchase) purchased {
	return purchased{Message: "Purchase successful", Data: h.render(ctx, p)}
}

// bought rebuilds the first answer of a purchase's key: the purchase its movement paid for, as
// it was bought. Its media URLs are signed afresh, for the same files.
func (h *Handler) bought(ctx context.Context, key string) (int, any, error) {
	me, _ := httpapi.PrincipalFrom(ctx)
	p, err := h.buys.Bought(ctx, me.UserID, key)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusCreated, h.purchased(ctx, p), nil
}

// library is the buyer's purchases: {purchases, pagination}.
type library struct {
	Purchases  []PurchaseJSON     `json:"purchases"`
	Pagination httpapi.Pagination `json:"pagination"`
}

func (h *Handler) purchases(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	req, err := httpapi.ParsePage(r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	skip, err := req.Skip(func() (int64, error) { return h.buys.Count(r.Context(), me.UserID) })
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	page, err := h.buys.List(r.Context(), me.UserID, req.Limit, skip, req.Cursor)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := library{Purchases: make([]PurchaseJSON, 0, len(page.Purchases)), Pagination: httpapi.NewPagination(page.Total, req, page.Next)}
	for _, p := range page.Purchases {
		out.Purchases = append(out.Purchases, h.render(r.Context(), p))
	}
	httpapi.JSON(w, http.StatusOK, out)
}

// ownership is the caller's purchase of a beat, or null when they have not bought it.
type ownership struct {
	Purchase *PurchaseJSON `json:"purchase"`
}

// mine answers the caller's purchase of beat {id}: the beat page shows a buyer "You own this beat"
// with the full audio, Download and the licence instead of the offer to buy.
func (h *Handler) mine(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	p, ok, err := h.buys.OfBeat(r.Context(), me.UserID, r.PathValue("id"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := ownership{}
	if ok {
		j := h.render(r.Context(), p)
		out.Purchase = &j
	}
	httpapi.JSON(w, http.StatusOK, out)
}

// downloadLink is a download's answer.
type downloadLink struct {
	URL                string `json:"url"`
	ExpiresAt          string `json:"expires_at"`
	DownloadsRemaining int64  `json:"downloads_remaining"`
}

// download spends one of the caller's downloads of a purchase and answers a presigned GET of the
// full audio valid for media.DownloadTTL.
func (h *Handler) download(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	p, err := h.buys.Download(r.Context(), me.UserID, r.PathValue("id"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	expires := time.Now().UTC().Add(media.DownloadTTL)
	url, err := h.d.Media.DownloadURL(r.Context(), p.Media, fileName(p.Caption, p.Media), media.DownloadTTL)
	if err != nil {
		httpapi.Error(w, r, failure.Wrap(err, "sign download"))
		return
	}
	httpapi.JSON(w, http.StatusOK, downloadLink{URL: url, ExpiresAt: expires.Format(time.RFC3339), DownloadsRemaining: p.DownloadsRemaining})
}

// fileName is the name a download is saved as: the caption, made safe, with the audio's extension.
func fileName(caption, key string) string {
	name := strings.Map(func(r rune) rune {
		if r < 0x20 || strings.ContainsRune(`/\:*?"<>|`, r) {
			return '_'
		}
		return r
	}, strings.TrimSpace(caption))
	if name == "" {
		name = "beat"
	}
	return name + path.Ext(key)
}

// licence answers the caller's licence of a purchase as a PDF (licence.Render), from the licence
// as it was recorded with the purchase.
func (h *Handler) licence(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	p, err := h.buys.Get(r.Context(), me.UserID, r.PathValue("id"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	l, err := h.licences.Get(r.Context(), p.LicenceNumber)
	if err != nil {
		httpapi.Error(w, r, failure.Wrap(err, "read the licence of purchase "+p.ID))
		return
	}
	pdf, err := licence.Render(l, licence.VerifyURL(h.d.AppURL, l.Number))
	if err != nil {
		httpapi.Error(w, r, failure.Wrap(err, "render licence"))
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": "zuum-licence-" + l.Number + ".pdf"}))
	w.Header().Set("Cache-Control", "private, no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(pdf)
}
