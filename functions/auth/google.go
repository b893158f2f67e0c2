package auth

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"golang.org/x/oauth2"

	"zuum/shared/account"
	"zuum/shared/httpapi"
	"zuum/shared/session"
)

// GoogleConfig says where Google's OAuth endpoints are; tests and the local cloud point them at
// a local stand-in.
type GoogleConfig struct {
	ClientID, ClientSecret     string
	AuthURL, TokenURL, UserURL string
	RedirectURL                string
	// AppURL is the web app's origin, where the callback pages live.
	AppURL string
}

// Google runs the OAuth 2.0 authorization-code flow with state and PKCE.
type Google struct {
	oauth   oauth2.Config
	userURL string
	appURL  string
}

// NewGoogle returns the flow for c, or nil when no client id is configured.
func NewGoogle(c GoogleConfig) *Google {
	if c.ClientID == "" {
		return nil
	}
	return &Google{
		oauth: oauth2.Config{
			ClientID: c.ClientID, ClientSecret: c.ClientSecret, RedirectURL: c.RedirectURL,
			Endpoint: oauth2.Endpoint{AuthURL: c.AuthURL, TokenURL: c.TokenURL, AuthStyle: oauth2.AuthStyleInParams},
			Scopes:   []string{"openid", "email", "profile"},
		},
		userURL: c.UserURL,
		appURL:  strings.TrimRight(c.AppURL, "/"),
	}
}

// oauthCookie holds the OAuth state between the redirect and the callback. It is HttpOnly and
// scoped to the callback path, and lives ten minutes.
const oauthCookie = "zuum_oauth"

// oauthState is what oauthCookie holds (as base64 JSON): the CSRF state, the PKCE verifier and
// what the visitor chose before going to Google (used only if the sign-in makes an account).
type oauthState struct {
	State    string `json:"s"`
	Verifier string `json:"v"`
	Identity string `json:"i,omitempty"`
	Username string `json:"u,omitempty"`
	Phone    string `json:"p,omitempty"`
}

// chosen reads one of the visitor's choices from the query; anything longer than any valid value
// is dropped, which keeps the cookie small.
func chosen(q url.Values, name string) string {
	if v := strings.TrimSpace(q.Get(name)); len(v) <= 40 {
		return v
	}
	return ""
}

func (h *Handler) googleStart(w http.ResponseWriter, r *http.Request) {
	if h.google == nil {
		http.Redirect(w, r, "/auth/google/failure", http.StatusFound)
		return
	}
	q := r.URL.Query()
	st := oauthState{
		State:    oauth2.GenerateVerifier(), // 32 random bytes, URL-safe: a fine CSRF state too
		Verifier: oauth2.GenerateVerifier(),
		Identity: chosen(q, "identity"), Username: chosen(q, "username"), Phone: chosen(q, "phonenumber"),
	}
	raw, _ := json.Marshal(st)
	val := base64.RawURLEncoding.EncodeToString(raw)
	state, verifier := st.State, st.Verifier
	http.SetCookie(w, &http.Cookie{
		Name: oauthCookie, Value: val, Path: "/api/auth/google", MaxAge: 600,
		HttpOnly: true, Secure: true, SameSite: http.SameSiteLaxMode,
	})
	http.Redirect(w, r, h.google.oauth.AuthCodeURL(state, oauth2.S256ChallengeOption(verifier), oauth2.AccessTypeOnline), http.StatusFound)
}

func (h *Handler) googleCallback(w http.ResponseWriter, r *http.Request) {
	fail := func(reason string, err error) {
		slog.WarnContext(r.Context(), "google sign-in failed", "reason", reason, "err", err)
		http.SetCookie(w, &http.Cookie{Name: oauthCookie, Path: "/api/auth/google", MaxAge: -1, HttpOnly: true, Secure: true})
		http.Redirect(w, r, h.appPath("/auth/google/failure"), http.StatusFound)
	}
	if h.google == nil {
		fail("not configured", nil)
		return
	}
	c, err := r.Cookie(oauthCookie)
	if err != nil {
		fail("no state cookie", err)
		return
	}
	var st oauthState
	raw, err := base64.RawURLEncoding.DecodeString(c.Value)
	if err == nil {
		err = json.Unmarshal(raw, &st)
	}
	if err != nil || st.State == "" || st.Verifier == "" {
		fail("bad state cookie", err)
		return
	}
	q := r.URL.Query()
	if q.Get("error") != "" || q.Get("code") == "" || q.Get("state") != st.State {
		fail("state mismatch or denied", nil)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 8*time.Second)
	defer cancel()
	tok, err := h.google.oauth.Exchange(ctx, q.Get("code"), oauth2.VerifierOption(st.Verifier))
	if err != nil {
		fail("exchange", err)
		return
	}
	user, err := h.google.userInfo(ctx, tok)
	if err != nil {
		fail("userinfo", err)
		return
	}
	l, err := h.accounts.GoogleSignIn(r.Context(), user, account.GoogleSignup{Identity: st.Identity, Username: st.Username, Phone: st.Phone})
	if err != nil {
		fail("sign in", err)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: oauthCookie, Path: "/api/auth/google", MaxAge: -1, HttpOnly: true, Secure: true})
	httpapi.SetSessionCookie(w, l.Token, session.TTL)
	http.Redirect(w, r, h.appPath("/auth/google/success"), http.StatusFound)
}

func (h *Handler) appPath(p string) string {
	if h.google == nil {
		return p
	}
	return h.google.appURL + p
}

func (g *Google) userInfo(ctx context.Context, tok *oauth2.Token) (account.GoogleUser, error) {
	res, err := g.oauth.Client(ctx, tok).Get(g.userURL)
	if err != nil {
		return account.GoogleUser{}, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return account.GoogleUser{}, fmt.Errorf("userinfo status %d", res.StatusCode)
	}
	var u account.GoogleUser
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<16)).Decode(&u); err != nil {
		return account.GoogleUser{}, err
	}
	return u, nil
}
