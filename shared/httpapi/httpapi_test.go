package httpapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"zuum/shared/failure"
)

func TestError_MapsEveryCodeAndHidesInternalCauses(t *testing.T) {
	cases := []struct {
		err    error
		status int
		msg    string
	}{
		{failure.New(failure.Invalid, "bad"), 400, "bad"},
		{failure.New(failure.Unauthorized, "who"), 401, "who"},
		{failure.New(failure.Forbidden, "no"), 403, "no"},
		{failure.New(failure.NotFound, "gone"), 404, "gone"},
		{failure.New(failure.NotAcceptable, "refused"), 406, "refused"},
		{failure.New(failure.Conflict, "taken"), 409, "taken"},
		{failure.New(failure.TooLarge, "big"), 413, "big"},
		{failure.New(failure.RateLimited, "slow"), 429, "slow"},
		{failure.Wrap(errors.New("dynamodb exploded"), "x"), 500, ServerErrorMessage},
		{errors.New("raw secret detail"), 500, ServerErrorMessage},
	}
	for _, tc := range cases {
		rec := httptest.NewRecorder()
		Error(rec, httptest.NewRequest("GET", "/", nil), tc.err)
		var body ErrorBody
		_ = json.Unmarshal(rec.Body.Bytes(), &body)
		if rec.Code != tc.status || body.Message != tc.msg {
			t.Errorf("%v: got %d %q", tc.err, rec.Code, body.Message)
		}
		if strings.Contains(rec.Body.String(), "exploded") || strings.Contains(rec.Body.String(), "secret") {
			t.Errorf("cause leaked: %s", rec.Body)
		}
	}
}

func TestToken_PrefersBearerThenCookie(t *testing.T) {
	r := httptest.NewRequest("GET", "/", nil)
	r.AddCookie(&http.Cookie{Name: SessionCookie, Value: "from-cookie"})
	if Token(r) != "from-cookie" {
		t.Fatal("cookie")
	}
	r.Header.Set("Authorization", "bearer  from-header ")
	if Token(r) != "from-header" {
		t.Fatal("bearer")
	}
}

func TestMedia_URLJoinsKeysAndPassesURLsThrough(t *testing.T) {
	m := Media{BaseURL: "https://cdn.zuum.ng/"}
	for in, want := range map[string]string{
		"": "", "public/a.png": "https://cdn.zuum.ng/public/a.png",
		"https://x/y.png": "https://x/y.png", "/public/b.png": "/public/b.png",
	} {
		if got := m.URL(in); got != want {
			t.Errorf("%q: %q", in, got)
		}
	}
	if (Media{}).URL("public/a.png") != "/public/a.png" {
		t.Error("same-origin URL")
	}
}
