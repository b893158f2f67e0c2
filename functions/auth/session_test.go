package auth_test

import (
	"net/http"
	"testing"
)

// The session probe never answers 401: a public page asks it whether to send a visitor on,
// and the browser logs every 401 it sees.
func TestSession_SaysWhetherTheCallerIsSignedInWithoutA401(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	if r := c.JSON("GET", "/api/auth/session", nil); r.Status != http.StatusOK || r.Body["signed_in"] != false {
		t.Fatalf("no cookie: %d %s", r.Status, r.Raw)
	}
	c.Token = "not-a-token"
	if r := c.JSON("GET", "/api/auth/session", nil); r.Status != http.StatusOK || r.Body["signed_in"] != false {
		t.Fatalf("bad token: %d %s", r.Status, r.Raw)
	}
	c.Token = ""
	login := app.NewUser(t, c, "ada")
	id := login.Body["profile"].(map[string]any)["id"]
	c.Token = "" // the cookie alone, as the web app sends it
	r := c.JSON("GET", "/api/auth/session", nil)
	if r.Status != http.StatusOK || r.Body["signed_in"] != true || r.Body["user_id"] != id {
		t.Fatalf("signed in: %d %s", r.Status, r.Raw)
	}
	expect(t, c.JSON("POST", "/api/auth/logout", nil), http.StatusOK, "", "logout")
	if r := c.JSON("GET", "/api/auth/session", nil); r.Status != http.StatusOK || r.Body["signed_in"] != false {
		t.Fatalf("after logout: %d %s", r.Status, r.Raw)
	}
}
