package auth_test

import (
	"net/http"
	"testing"
)

func TestCheckUsername_SaysWhetherANameIsFree(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	app.NewUser(t, app.Client(t), "tunde_flows")
	cases := []struct {
		username  string
		available bool
		message   string
	}{
		{"fresh_name", true, "Username is available."},
		{"tunde_flows", false, "Username is already taken."},
		{"Tunde_Flows", false, "Username is already taken."},
		{"Zuum_Support", false, "Username is already taken."},
		{"admin2", false, "Username is already taken."},
	}
	for _, tc := range cases {
		r := c.JSON("GET", "/api/auth/check-username?username="+tc.username, nil)
		if r.Status != http.StatusOK || r.Body["available"] != tc.available || r.Message() != tc.message {
			t.Errorf("%s: %d %s", tc.username, r.Status, r.Raw)
		}
	}
	for _, bad := range []string{"ab", "has%20space", "%3Cscript%3E", "a234567890123456789012345678901"} {
		r := c.JSON("GET", "/api/auth/check-username?username="+bad, nil)
		want := `{"message":"Validation errors.","errors":[{"field":"username","msg":"Username must be 3 to 30 letters, numbers, dots or underscores"}]}`
		if r.Status != http.StatusBadRequest || string(r.Raw) != want && string(r.Raw) != want+"\n" {
			t.Errorf("%s: %d %s", bad, r.Status, r.Raw)
		}
	}
	if r := c.JSON("GET", "/api/auth/check-username", nil); r.Status != http.StatusBadRequest || r.FieldErrors()["username"] != "Username is required" {
		t.Errorf("no username: %d %s", r.Status, r.Raw)
	}
}

func TestCheckUsername_SixtyAMinutePerAddressThen429(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	for i := range 60 {
		if r := c.JSON("GET", "/api/auth/check-username?username=name_one", nil); r.Status != http.StatusOK {
			t.Fatalf("check %d: %d %s", i+1, r.Status, r.Raw)
		}
	}
	expect(t, c.JSON("GET", "/api/auth/check-username?username=name_one", nil), http.StatusTooManyRequests, "Too many username checks. Please wait a minute and try again.", "61st")
	if r := app.Client(t).JSON("GET", "/api/auth/check-username?username=name_one", nil); r.Status != http.StatusOK {
		t.Fatalf("another address: %d %s", r.Status, r.Raw)
	}
}
