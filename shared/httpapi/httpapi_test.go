package httpapi

import (
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"zuum/shared/failure"
	"zuum/shared/money"
)

func TestError_MapsEveryCodeAndHidesInternalCauses(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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

func TestSkip_APageByNumberMustLieWithinTheListAndMaxWalk(t *testing.T) {
	t.Parallel()
	boom := errors.New("count failed")
	for _, c := range []struct {
		name  string
		p     PageRequest
		total int64
		err   error
		skip  int
		msg   string // of the refusal, "" when none
		asked bool   // whether the total was read
	}{
		{name: "page 1 of nothing", p: PageRequest{Limit: 10, Page: 1}},
		{name: "a cursor's page is a label", p: PageRequest{Limit: 10, Page: math.MaxInt, Cursor: "c"}},
		{name: "the last page", p: PageRequest{Limit: 10, Page: 3}, total: 21, skip: 20, asked: true},
		{name: "past the last page", p: PageRequest{Limit: 10, Page: 4}, total: 21, msg: "page must be between 1 and 3.", asked: true},
		{name: "page 2 of nothing", p: PageRequest{Limit: 10, Page: 2}, msg: "page must be between 1 and 1.", asked: true},
		{name: "too large for a skip", p: PageRequest{Limit: 50, Page: math.MaxInt}, total: 30, msg: "page must be between 1 and 1.", asked: true},
		{name: "deepest walk", p: PageRequest{Limit: 10, Page: 1000}, total: 1 << 40, skip: 9990, asked: true},
		{name: "deeper than MaxWalk", p: PageRequest{Limit: 10, Page: 1001}, total: 1 << 40, msg: "page must be between 1 and 1000.", asked: true},
		{name: "deeper than MaxWalk at 50", p: PageRequest{Limit: 50, Page: 201}, total: 1 << 40, msg: "page must be between 1 and 200.", asked: true},
		{name: "the count fails", p: PageRequest{Limit: 10, Page: 2}, err: boom, asked: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			asked := false
			skip, err := c.p.Skip(func() (int64, error) { asked = true; return c.total, c.err })
			switch {
			case asked != c.asked:
				t.Errorf("total read: %v", asked)
			case c.err != nil:
				if !errors.Is(err, c.err) {
					t.Errorf("err %v, want %v", err, c.err)
				}
			case c.msg != "":
				var fe *failure.Error
				if !errors.As(err, &fe) || fe.Code != failure.Invalid || fe.Message != c.msg {
					t.Errorf("err %v, want %q", err, c.msg)
				}
			case err != nil || skip != c.skip:
				t.Errorf("skip %d, %v; want %d", skip, err, c.skip)
			}
		})
	}
}

func TestParsePage_ANumberTooLargeForAnIntIsPastTheEndNotMalformed(t *testing.T) {
	t.Parallel()
	for query, want := range map[string]any{
		"page=99999999999999999999":  math.MaxInt,
		"page=9223372036854775807":   math.MaxInt,
		"page=-99999999999999999999": ErrBadPage,
		"page=0":                     ErrBadPage,
		"page=1e3":                   ErrBadPage,
	} {
		p, err := ParsePage(httptest.NewRequest("GET", "/x?"+query, nil))
		if e, ok := want.(error); ok {
			if !errors.Is(err, e) {
				t.Errorf("%s: %v, want %v", query, err, e)
			}
		} else if err != nil || p.Page != want {
			t.Errorf("%s: page %d %v", query, p.Page, err)
		}
	}
}

func TestDecode_AnAmountThatIsNotNairaNamesItsField(t *testing.T) {
	t.Parallel()
	type purchase struct {
		Amount money.Money `json:"amount"`
	}
	for _, body := range []string{`{"amount":1.234}`, `{"amount":"999"}`, `{"amount":1e3}`} {
		var p purchase
		err := Decode(httptest.NewRecorder(), httptest.NewRequest("POST", "/", strings.NewReader(body)), &p)
		var fe *failure.Error
		if !errors.As(err, &fe) || len(fe.Fields) != 1 || fe.Fields[0].Field != "amount" ||
			fe.Fields[0].Msg != "amount must be a number of naira with at most two decimals" {
			t.Errorf("%s: %v", body, err)
		}
	}
	var p purchase
	if err := Decode(httptest.NewRecorder(), httptest.NewRequest("POST", "/", strings.NewReader(`{"amount":999.99}`)), &p); err != nil || p.Amount != 99999 {
		t.Fatalf("999.99 = %d, %v", p.Amount, err)
	}
}
