// Package googlefake is a local stand-in for Google's OAuth 2.0 endpoints, so sign-in with
// Google works in the local cloud and in tests without the internet. It checks what Google
// checks that matters to Zuum's flow: the client id and secret, the redirect URI, single-use
// codes and the PKCE S256 verifier.
package googlefake

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"html/template"
	"net/http"
	"strings"
	"sync"
)

// User is the Google account the stand-in signs in as.
type User struct {
	Subject, Email, GivenName, FamilyName string
	EmailVerified                         bool
}

// Server serves /auth, /token and /userinfo under its mount path.
type Server struct {
	ClientID, ClientSecret string
	// Default is offered on the consent page; Approve signs in as it without a page (tests).
	Default User
	// AutoApprove skips the consent page.
	AutoApprove bool

	mu     sync.Mutex
	codes  map[string]grant
	tokens map[string]User
}

type grant struct {
	user        User
	challenge   string
	redirectURI string
}

// New returns a stand-in accepting the client id and secret.
func New(clientID, clientSecret string, def User) *Server {
	return &Server{ClientID: clientID, ClientSecret: clientSecret, Default: def,
		codes: map[string]grant{}, tokens: map[string]User{}}
}

// Handler serves the endpoints under prefix (e.g. "/_google").
func (s *Server) Handler(prefix string) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+prefix+"/auth", s.authorize)
	mux.HandleFunc("POST "+prefix+"/auth", s.approve)
	mux.HandleFunc("POST "+prefix+"/token", s.token)
	mux.HandleFunc("GET "+prefix+"/userinfo", s.userinfo)
	return mux
}

var consent = template.Must(template.New("c").Parse(`<!doctype html><meta name=viewport content="width=device-width">
<title>Sign in with Google (local)</title><body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">
<h1>Sign in with Google</h1><p>This is the local cloud's stand-in for Google.</p>
<form method=post>{{range $k, $v := .Query}}<input type=hidden name="{{$k}}" value="{{index $v 0}}">{{end}}
<label>Email <input name=email value="{{.User.Email}}"></label><br><br>
<label>First name <input name=given_name value="{{.User.GivenName}}"></label><br><br>
<label>Last name <input name=family_name value="{{.User.FamilyName}}"></label><br><br>
<button>Continue</button></form>`))

func (s *Server) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("client_id") != s.ClientID || q.Get("response_type") != "code" || q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" {
		http.Error(w, "invalid_request", http.StatusBadRequest)
		return
	}
	if s.AutoApprove {
		s.redirect(w, r, q.Get("redirect_uri"), q.Get("state"), q.Get("code_challenge"), s.Default)
		return
	}
	_ = consent.Execute(w, map[string]any{"Query": q, "User": s.Default})
}

func (s *Server) approve(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil || r.Form.Get("client_id") != s.ClientID {
		http.Error(w, "invalid_request", http.StatusBadRequest)
		return
	}
	u := User{Email: strings.TrimSpace(r.Form.Get("email")), GivenName: r.Form.Get("given_name"),
		FamilyName: r.Form.Get("family_name"), EmailVerified: true}
	u.Subject = "local-" + hash(strings.ToLower(u.Email))[:16]
	s.redirect(w, r, r.Form.Get("redirect_uri"), r.Form.Get("state"), r.Form.Get("code_challenge"), u)
}

func (s *Server) redirect(w http.ResponseWriter, r *http.Request, redirectURI, state, challenge string, u User) {
	code := random()
	s.mu.Lock()
	s.codes[code] = grant{user: u, challenge: challenge, redirectURI: redirectURI}
	s.mu.Unlock()
	sep := "?"
	if strings.Contains(redirectURI, "?") {
		sep = "&"
	}
	http.Redirect(w, r, redirectURI+sep+"code="+code+"&state="+state, http.StatusFound)
}

func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		oauthError(w, "invalid_request")
		return
	}
	id, secret, ok := r.BasicAuth()
	if !ok {
		id, secret = r.Form.Get("client_id"), r.Form.Get("client_secret")
	}
	if id != s.ClientID || secret != s.ClientSecret {
		oauthError(w, "invalid_client")
		return
	}
	s.mu.Lock()
	g, found := s.codes[r.Form.Get("code")]
	delete(s.codes, r.Form.Get("code")) // codes work once
	s.mu.Unlock()
	if !found || g.redirectURI != r.Form.Get("redirect_uri") || hash(r.Form.Get("code_verifier")) != g.challenge {
		oauthError(w, "invalid_grant")
		return
	}
	tok := random()
	s.mu.Lock()
	s.tokens[tok] = g.user
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"access_token": tok, "token_type": "Bearer", "expires_in": 3600})
}

func (s *Server) userinfo(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	u, ok := s.tokens[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
	s.mu.Unlock()
	if !ok {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"sub": u.Subject, "email": u.Email, "email_verified": u.EmailVerified,
		"given_name": u.GivenName, "family_name": u.FamilyName})
}

func oauthError(w http.ResponseWriter, code string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": code})
}

func hash(s string) string {
	h := sha256.Sum256([]byte(s))
	return base64.RawURLEncoding.EncodeToString(h[:])
}

func random() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
