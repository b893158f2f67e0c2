package auth_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"zuum/localstack/apptest"
	"zuum/localstack/googlefake"
)

func startWithGoogle(t *testing.T, u googlefake.User) (*apptest.App, *googlefake.Server) {
	t.Helper()
	g := googlefake.New("client-1", "secret-1", u)
	g.AutoApprove = true
	gs := httptest.NewServer(g.Handler("/g"))
	t.Cleanup(gs.Close)
	app := apptest.Start(t, map[string]string{
		"GOOGLE_CLIENT_ID": "client-1", "GOOGLE_CLIENT_SECRET": "secret-1",
		"GOOGLE_AUTH_URL": gs.URL + "/g/auth", "GOOGLE_TOKEN_URL": gs.URL + "/g/token", "GOOGLE_USERINFO_URL": gs.URL + "/g/userinfo",
	})
	return app, g
}

// googleSignIn walks the browser through the redirects and returns where it finally lands.
func googleSignIn(t *testing.T, c *apptest.Client, start string, tamper func(callback string) string) string {
	t.Helper()
	get := func(u string) *http.Response {
		res, err := c.HTTP.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	res := get(start)
	if res.StatusCode != http.StatusFound {
		t.Fatalf("start: %d", res.StatusCode)
	}
	toGoogle := res.Header.Get("Location")
	for _, p := range []string{"code_challenge=", "code_challenge_method=S256", "state=", "client_id=client-1"} {
		if !strings.Contains(toGoogle, p) {
			t.Fatalf("authorization URL lacks %s: %s", p, toGoogle)
		}
	}
	callback := get(toGoogle).Header.Get("Location")
	if tamper != nil {
		callback = tamper(callback)
	}
	return get(callback).Header.Get("Location")
}

func TestGoogle_NewUserGetsAnAccountWithTheChosenIdentityAndASession(t *testing.T) {
	app, _ := startWithGoogle(t, googlefake.User{Subject: "g-1", Email: "Kunle@Example.com", EmailVerified: true, GivenName: "Kunle", FamilyName: "Ade"})
	c := app.Client(t)
	if land := googleSignIn(t, c, app.URL("/api/auth/google?identity=producer"), nil); land != app.URL("/auth/google/success") {
		t.Fatalf("landed on %s", land)
	}
	r := c.JSON("GET", "/api/user/profile", nil) // by the cookie the callback set
	if r.Status != 200 || r.Body["email"] != "kunle@example.com" || r.Body["identity"] != "producer" || r.Body["firstname"] != "Kunle" {
		t.Fatalf("profile: %d %s", r.Status, r.Raw)
	}
	// Signing in again reaches the same account.
	c2 := app.Client(t)
	googleSignIn(t, c2, app.URL("/api/auth/google"), nil)
	if r2 := c2.JSON("GET", "/api/user/profile", nil); r2.Body["id"] != r.Body["id"] {
		t.Fatalf("second sign-in made another account: %s vs %s", r2.Raw, r.Raw)
	}
}

func TestGoogle_LinksTheExistingAccountWithTheSameEmail(t *testing.T) {
	app, _ := startWithGoogle(t, googlefake.User{Subject: "g-2", Email: "ada@example.com", EmailVerified: true, GivenName: "Ada"})
	first := app.NewUser(t, app.Client(t), "ada")
	c := app.Client(t)
	googleSignIn(t, c, app.URL("/api/auth/google"), nil)
	r := c.JSON("GET", "/api/user/profile", nil)
	if r.Body["id"] != first.Body["profile"].(map[string]any)["id"] || r.Body["username"] != "ada" {
		t.Fatalf("not linked: %s", r.Raw)
	}
}

func TestGoogle_RefusesTamperedStateUnverifiedEmailsAndMissingConfig(t *testing.T) {
	app, _ := startWithGoogle(t, googlefake.User{Subject: "g-3", Email: "x@example.com", EmailVerified: true})
	c := app.Client(t)
	land := googleSignIn(t, c, app.URL("/api/auth/google"), func(cb string) string { return strings.Replace(cb, "state=", "state=evil", 1) })
	if land != app.URL("/auth/google/failure") {
		t.Fatalf("tampered state landed on %s", land)
	}
	if r := c.JSON("GET", "/api/user/profile", nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("tampered state signed in: %d", r.Status)
	}

	unverified, _ := startWithGoogle(t, googlefake.User{Subject: "g-4", Email: "y@example.com", EmailVerified: false})
	if land := googleSignIn(t, unverified.Client(t), unverified.URL("/api/auth/google"), nil); land != unverified.URL("/auth/google/failure") {
		t.Fatalf("unverified Google email landed on %s", land)
	}

	plain := apptest.Start(t, nil)
	res, err := plain.Client(t).HTTP.Get(plain.URL("/api/auth/google"))
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusFound || res.Header.Get("Location") != "/auth/google/failure" {
		t.Fatalf("unconfigured: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
}
