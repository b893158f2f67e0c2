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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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

func TestGoogle_TheEmailOwnerReclaimsAnAccountASquatterSignedUpWith(t *testing.T) {
	t.Parallel()
	app, _ := startWithGoogle(t, googlefake.User{Subject: "g-owner", Email: "owner@example.com", EmailVerified: true, GivenName: "Real", FamilyName: "Owner"})
	squatter := app.Client(t)
	body := apptest.Signup("fake_owner")
	body["email"], body["password"], body["firstname"], body["phonenumber"] = "owner@example.com", "squatters-pass", "Fake", "08099999999"
	expect(t, squatter.JSON("POST", "/api/auth/signup", body), http.StatusCreated, "", "squatter's sign-up")
	owner := app.Client(t)
	if land := googleSignIn(t, owner, app.URL("/api/auth/google"), nil); land != app.URL("/auth/google/success") {
		t.Fatalf("owner landed on %s", land)
	}
	r := owner.JSON("GET", "/api/user/profile", nil)
	if r.Status != 200 || r.Body["email"] != "owner@example.com" || r.Body["firstname"] != "Real" || r.Body["lastname"] != "Owner" ||
		phone(r) != "" || r.Body["username"] == "fake_owner" || r.Body["identity"] != "artist" {
		t.Fatalf("the owner's profile keeps the squatter's choices: %d %s", r.Status, r.Raw)
	}
	login := squatter.JSON("POST", "/api/auth/login", map[string]string{"email": "owner@example.com", "password": "squatters-pass"})
	if login.Status != http.StatusUnauthorized {
		t.Fatalf("the squatter's password still works: %d %s", login.Status, login.Raw)
	}
	if r := squatter.JSON("GET", "/api/auth/check-username?username=fake_owner", nil); r.Body["available"] != true {
		t.Fatalf("the squatter's username is still held: %s", r.Raw)
	}
	if r := owner.JSON("GET", "/api/user/profile", nil); r.Status != http.StatusOK {
		t.Fatalf("the owner's session: %d", r.Status)
	}
}

func TestGoogle_SignUpKeepsTheUsernameAndPhoneTypedInTheWizard(t *testing.T) {
	t.Parallel()
	app, g := startWithGoogle(t, googlefake.User{Subject: "g-5", Email: "kemi@example.com", EmailVerified: true, GivenName: "Kemi"})
	c := app.Client(t)
	googleSignIn(t, c, app.URL("/api/auth/google?identity=producer&username=kemi_keys&phonenumber=08031234567"), nil)
	r := c.JSON("GET", "/api/user/profile", nil)
	if r.Body["username"] != "kemi_keys" || r.Body["phonenumber"] != "08031234567" || r.Body["identity"] != "producer" {
		t.Fatalf("wizard's choices lost: %s", r.Raw)
	}

	// Signing in to that account again changes nothing, whatever the query says.
	c2 := app.Client(t)
	googleSignIn(t, c2, app.URL("/api/auth/google?identity=artist&username=other_name&phonenumber=08099999999"), nil)
	if r2 := c2.JSON("GET", "/api/user/profile", nil); r2.Body["username"] != "kemi_keys" || r2.Body["phonenumber"] != "08031234567" || r2.Body["identity"] != "producer" {
		t.Fatalf("an existing account was changed by sign-in: %s", r2.Raw)
	}

	// A taken, reserved or malformed username and a bad phone fall back to a made-up name and no phone.
	for i, q := range []string{"username=kemi_keys&phonenumber=123", "username=admin2&phonenumber=0803", "username=a%7Cb&phonenumber=abc"} {
		g.Default = googlefake.User{Subject: "g-6" + q, Email: "new" + string(rune('a'+i)) + "@example.com", EmailVerified: true, GivenName: "New"}
		c3 := app.Client(t)
		googleSignIn(t, c3, app.URL("/api/auth/google?"+q), nil)
		r3 := c3.JSON("GET", "/api/user/profile", nil)
		name, _ := r3.Body["username"].(string)
		if r3.Status != 200 || !strings.HasPrefix(name, "new"+string(rune('a'+i))+"_") || phone(r3) != "" {
			t.Fatalf("%s: %d %s", q, r3.Status, r3.Raw)
		}
	}
}

// phone is the profile's phone number, "" when the profile leaves it out.
func phone(r apptest.Response) string { p, _ := r.Body["phonenumber"].(string); return p }
