package credential

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"regexp"
	"testing"
	"time"

	"zuum/shared/failure"
)

var secret = []byte("0123456789abcdef0123456789abcdef")

// The stored hashes are those the items written before this package hold: HMAC-SHA256 keyed
// with the secret over "<id>|<code>" for users and "admin|<id>|<code>" for admins, in hex.
func TestHash_MatchesTheStoredFormatOfUsersAndAdmins(t *testing.T) {
	t.Parallel()
	want := func(msg string) string {
		m := hmac.New(sha256.New, secret)
		m.Write([]byte(msg))
		return hex.EncodeToString(m.Sum(nil))
	}
	for _, c := range []struct {
		scope, id, code, msg string
	}{
		{"", "u-1", "123456", "u-1|123456"},
		{"admin|", "a-1", "123456", "admin|a-1|123456"},
		{"", "u-1", "withdrawal:058:0123456789|654321", "u-1|withdrawal:058:0123456789|654321"},
	} {
		if got := (Hasher{Secret: secret, Scope: c.scope}).Hash(c.id, c.code); got != want(c.msg) {
			t.Errorf("%q %q %q: %s", c.scope, c.id, c.code, got)
		}
	}
	if (Hasher{Secret: secret}).Hash("a-1", "123456") == (Hasher{Secret: secret, Scope: "admin|"}).Hash("a-1", "123456") {
		t.Fatal("a user's and an admin's hash of one id and code must differ")
	}
	if (Hasher{Secret: secret}).Hash("u-1", "123456") == (Hasher{Secret: []byte("another secret, 32 bytes long...")}).Hash("u-1", "123456") {
		t.Fatal("the hash must depend on the secret")
	}
}

func TestNewCode_IsSixDigits(t *testing.T) {
	t.Parallel()
	six := regexp.MustCompile(`^[0-9]{6}$`)
	seen := map[string]bool{}
	for range 200 {
		c, err := NewCode()
		if err != nil || !six.MatchString(c) {
			t.Fatalf("%q, %v", c, err)
		}
		seen[c] = true
	}
	if len(seen) < 190 {
		t.Fatalf("200 codes hold only %d distinct ones", len(seen))
	}
}

func TestCode_TriesExpiryAndTheRightCode(t *testing.T) {
	t.Parallel()
	h := Hasher{Secret: secret}
	sent := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	fresh := NewCodeItem(Key{PK: "USER#u-1", SK: "OTP"}, h.Hash("u-1", "123456"), sent, 10*time.Minute)
	if fresh.PK != "USER#u-1" || fresh.SK != "OTP" || fresh.Tries != 0 || fresh.SentAt != sent.Unix() || fresh.ExpiresAt != sent.Add(10*time.Minute).Unix() {
		t.Fatalf("item %+v", fresh)
	}
	withTries := func(n int) Code { c := fresh; c.Tries = n; return c }
	for _, c := range []struct {
		name  string
		code  Code
		at    time.Time
		typed string
		tries int
		want  error
	}{
		{"right code", fresh, sent.Add(time.Minute), "123456", 1, nil},
		{"wrong code counts a try", fresh, sent.Add(time.Minute), "654321", 1, ErrWrong},
		{"fourth wrong try", withTries(3), sent, "000000", 4, ErrWrong},
		{"fifth try is the last", withTries(4), sent, "123456", 5, nil},
		{"no tries left, even for the right code", withTries(5), sent, "123456", 5, ErrNoTries},
		{"expired at its time", fresh, sent.Add(10 * time.Minute), "123456", 1, ErrExpired},
		{"just before", fresh, sent.Add(10*time.Minute - time.Second), "123456", 1, nil},
		{"another user's code", fresh, sent, "123456x", 1, ErrWrong},
	} {
		t.Run(c.name, func(t *testing.T) {
			counted, err := c.code.Count(5)
			if err == nil {
				err = counted.Check(c.at, h.Hash("u-1", c.typed))
			}
			if err != c.want || counted.Tries != c.tries {
				t.Fatalf("got %v with %d tries, want %v with %d", err, counted.Tries, c.want, c.tries)
			}
		})
	}
	if !fresh.Open(sent, 5) || withTries(5).Open(sent, 5) || fresh.Open(sent.Add(10*time.Minute), 5) {
		t.Fatal("Open: a fresh code is open, one without tries or past its time is not")
	}
}

func TestMayResend_OnceTheCooldownHasPassed(t *testing.T) {
	t.Parallel()
	sent := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	prev := &Code{SentAt: sent.Unix()}
	for _, c := range []struct {
		prev     *Code
		after    time.Duration
		cooldown time.Duration
		want     bool
	}{
		{nil, 0, time.Minute, true},
		{prev, 59 * time.Second, time.Minute, false},
		{prev, time.Minute, time.Minute, true},
		{prev, 0, 0, true},                       // no cooldown: the sign-up's first code
		{&Code{SentAt: 0}, 0, time.Minute, true}, // a cleared cooldown (the mail failed)
	} {
		if got := MayResend(c.prev, sent.Add(c.after), c.cooldown); got != c.want {
			t.Errorf("%+v after %s with cooldown %s: %v", c.prev, c.after, c.cooldown, got)
		}
	}
	if ResendCutoff(sent, time.Minute) != sent.Add(-time.Minute).Unix() {
		t.Fatal("the store's condition must be the rule's cutoff")
	}
}

func TestRefusals_NameThePrincipalsAnswers(t *testing.T) {
	t.Parallel()
	wrong, expired, tries, other := errors.New("w"), errors.New("e"), errors.New("t"), errors.New("storage")
	r := Refusals{Wrong: wrong, Expired: expired, NoTries: tries}
	for in, want := range map[error]error{ErrNoCode: wrong, ErrWrong: wrong, ErrExpired: expired, ErrNoTries: tries, other: other, nil: nil} {
		if got := r.Of(in); got != want {
			t.Errorf("%v: %v, want %v", in, got, want)
		}
	}
}

// The timing guard: an unknown principal (no hash) is compared all the same, against the dummy
// hash, and never matches.
func TestPasswords_TheTimingGuardComparesForAnUnknownPrincipal(t *testing.T) {
	t.Parallel()
	p, err := NewPasswords(4)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := p.Hash("password123")
	if err != nil {
		t.Fatal(err)
	}
	real := p.compare
	var compared [][]byte
	p.compare = func(hash, password []byte) error {
		compared = append(compared, hash)
		return real(hash, password)
	}
	for _, c := range []struct {
		hash, password string
		want           bool
		against        string
	}{
		{"", "password123", false, string(p.dummy)},
		{"", "zuum-timing-equaliser", false, string(p.dummy)}, // not even the dummy's own password
		{stored, "password123", true, stored},
		{stored, "wrong-password", false, stored},
	} {
		compared = nil
		if got := p.Match(c.hash, c.password); got != c.want || len(compared) != 1 || string(compared[0]) != c.against {
			t.Errorf("Match(%q, %q) = %v after comparing with %q", c.hash, c.password, got, compared)
		}
	}
}

func TestPasswords_CostIsConfigurable(t *testing.T) {
	t.Parallel()
	for cost, prefix := range map[int]string{4: "$2a$04$", 0: "$2a$10$"} {
		h, err := HashPassword("password123", cost)
		if err != nil || h[:7] != prefix {
			t.Errorf("cost %d: %q, %v", cost, h, err)
		}
	}
}

func TestTokens_AreRandomAndHashedPlain(t *testing.T) {
	t.Parallel()
	a, _ := NewToken()
	b, _ := NewToken()
	if len(a) != 43 || a == b {
		t.Fatalf("tokens %q %q", a, b)
	}
	sum := sha256.Sum256([]byte(a))
	if HashToken(a) != hex.EncodeToString(sum[:]) {
		t.Fatal("a token's hash is its SHA-256 in hex")
	}
}

// A limit's window is keyed as the items written before this package: LIMIT#<scope>#<key> and
// the window's start in Unix seconds, kept a window past its end.
func TestLimit_WindowsAndTheirItems(t *testing.T) {
	t.Parallel()
	l := Limit{Scope: "login-account", Max: 5, Window: 15 * time.Minute}
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	e := l.Of("ada@example.com")
	for _, at := range []time.Duration{0, 7 * time.Minute, 15*time.Minute - time.Second} {
		k := e.Item(start.Add(at))
		if k.PK != "LIMIT#login-account#ada@example.com" || k.SK != "1772366400" || e.ExpiresAt(start.Add(at)) != start.Add(30*time.Minute).Unix() {
			t.Errorf("at +%s: %+v, expires %d", at, k, e.ExpiresAt(start.Add(at)))
		}
	}
	if next := e.Item(start.Add(15 * time.Minute)); next.SK != "1772367300" {
		t.Errorf("the next window: %+v", next)
	}
	if !l.Allows(4) || l.Allows(5) {
		t.Fatal("five events fill a limit of five")
	}
}

func TestCheckLogin_NamesTheMissingAndMalformedFields(t *testing.T) {
	t.Parallel()
	valid := func(e string) bool { return e == "ada@example.com" }
	for _, c := range []struct {
		email, password string
		want            map[string]string
	}{
		{"ada@example.com", "x", nil},
		{"", "", map[string]string{"email": "Email is required", "password": "Password is required"}},
		{"not-an-email", "x", map[string]string{"email": "Invalid email format"}},
		{"ada@example.com", "", map[string]string{"password": "Password is required"}},
	} {
		err := CheckLogin(c.email, c.password, valid)
		fe, _ := err.(*failure.Error)
		if c.want == nil {
			if err != nil {
				t.Errorf("%q: %v", c.email, err)
			}
			continue
		}
		got := map[string]string{}
		if fe != nil {
			for _, f := range fe.Fields {
				got[f.Field] = f.Msg
			}
		}
		if fe == nil || fe.Code != failure.Invalid || fe.Message != "Validation errors. Please check your input." || len(got) != len(c.want) {
			t.Errorf("%q %q: %v", c.email, c.password, err)
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%q %q: %s = %q, want %q", c.email, c.password, k, got[k], v)
			}
		}
	}
}
