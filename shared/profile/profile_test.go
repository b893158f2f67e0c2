package profile

import (
	"strings"
	"testing"

	"zuum/shared/failure"
)

func TestParseIdentity_AcceptsTheSpecsSpellings(t *testing.T) {
	t.Parallel()
	cases := map[string]Identity{
		"artist": Artist, " Producer ": Producer, "record_label": RecordLabel,
		"record label": RecordLabel, "record-label": RecordLabel, "RECORD LABEL": RecordLabel,
	}
	for in, want := range cases {
		if got, ok := ParseIdentity(in); !ok || got != want {
			t.Errorf("%q: got %q %v", in, got, ok)
		}
	}
	for _, bad := range []string{"", "dj", "label", "record__label"} {
		if _, ok := ParseIdentity(bad); ok {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestNewChanges_KeepsOnlyNonEmptyTrimmedFields(t *testing.T) {
	t.Parallel()
	c, err := NewChanges(EditInput{Bio: "  hi  ", FirstName: "", Phone: "08031234567"})
	if err != nil || *c.Bio != "hi" || c.FirstName != nil || *c.Phone != "08031234567" || c.Empty() {
		t.Fatalf("%+v %v", c, err)
	}
	if c, _ := NewChanges(EditInput{Bio: "   "}); !c.Empty() {
		t.Fatal("blank bio should change nothing")
	}
}

func TestNewSignup_ReportsEveryErrorInFormOrder(t *testing.T) {
	t.Parallel()
	_, err := NewSignup(SignupInput{Identity: "artist", Email: "bad", Phone: "1", Password: "x"})
	if err == nil {
		t.Fatal("no error")
	}
	got := []string{}
	for _, f := range err.(*failure.Error).Fields {
		got = append(got, f.Field)
	}
	want := []string{"firstname", "lastname", "username", "email", "phonenumber", "password"}
	if len(got) != len(want) {
		t.Fatalf("fields %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("order %v", got)
		}
	}
}

func TestValidEmail_AcceptsWhatSESDeliversAndNothingElse(t *testing.T) {
	t.Parallel()
	good := []string{"ada@example.com", "ada.eze+zuum@mail.example.ng", "o'brien@example.ie", "a!#$%&'*+/=?^_`{|}~-@x.io",
		"ADA@EXAMPLE.COM", "a@b-c.d-e.com", "x@1.example.co"}
	bad := []string{"<script>@x.y", "ada@x.y", "ada@example", "ada.@example.com", ".ada@example.com", "a..b@example.com",
		"ada@-example.com", "ada@example-.com", "ada@exa_mple.com", "ada@example.c0m", "ada@@example.com", "@example.com",
		"ada@", "adé@example.com", "ada@exämple.com", "a b@example.com", "ada@example..com", "ada@.example.com",
		"a\"b@example.com", "ada@example.com.", strings.Repeat("a", 65) + "@example.com", "ada@" + strings.Repeat("a", 64) + ".com"}
	for _, e := range good {
		if !ValidEmail(e) {
			t.Errorf("refused %q", e)
		}
	}
	for _, e := range bad {
		if ValidEmail(e) {
			t.Errorf("accepted %q", e)
		}
	}
}

func TestReserved_IgnoresCaseDotsUnderscoresAndTrailingNumbers(t *testing.T) {
	t.Parallel()
	for _, n := range []string{"admin", "ADMIN", "Zuum_Support", "zuum.support", "admin2", "admin_2024", "Support", "root",
		"z.u.u.m", "zuumofficial", "official_zuum", "team.zuum", "null", "undefined", "help_desk", "Payments1"} {
		if !Reserved(n) {
			t.Errorf("%q is not reserved", n)
		}
	}
	for _, n := range []string{"ada_sings", "admiral", "zuumer", "supporter", "2admin", "rootsreggae", "user_1234", "123"} {
		if Reserved(n) {
			t.Errorf("%q is reserved", n)
		}
	}
}

func TestNewSignup_ReservedUsernameIsTakenAfterTheFieldChecks(t *testing.T) {
	t.Parallel()
	in := SignupInput{FirstName: "A", LastName: "B", Username: "Zuum_Support", Email: "a@example.com",
		Phone: "08031234567", Password: "password123", Identity: "artist"}
	if _, err := NewSignup(in); err != ErrUsernameTaken {
		t.Fatalf("reserved: %v", err)
	}
}

func TestNewSignup_CountsCharactersAndRefusesInvisibleNames(t *testing.T) {
	t.Parallel()
	in := SignupInput{FirstName: strings.Repeat("ọ", 50), MiddleName: "\u200b", LastName: "Ọláòṣebìkan\u200b\u202e",
		Username: "ola_s", Email: "ola@example.com", Phone: "08031234567", Password: "password123", Identity: "artist"}
	s, err := NewSignup(in)
	if err != nil {
		t.Fatalf("fifty two-byte letters are fifty characters: %v", err)
	}
	if s.LastName != "Ọláòṣebìkan" || s.MiddleName != "" {
		t.Fatalf("names not cleaned: %q %q", s.LastName, s.MiddleName)
	}
	in.FirstName = strings.Repeat("ọ", 51)
	in.LastName = "\u200b\u200b\u2060"
	_, err = NewSignup(in)
	got := map[string]string{}
	if fe, ok := err.(*failure.Error); ok {
		for _, f := range fe.Fields {
			got[f.Field] = f.Msg
		}
	}
	if got["firstname"] != "firstname is too long" || got["lastname"] != "Last name is required" {
		t.Fatalf("fields %v (%v)", got, err)
	}
}

func TestNewChanges_CountsCharactersAndCleansTheBio(t *testing.T) {
	t.Parallel()
	c, err := NewChanges(EditInput{Bio: strings.Repeat("ọ", MaxBioLength-4) + "\n\u200bend", FirstName: strings.Repeat("é", MaxNameLength)})
	if err != nil {
		t.Fatalf("within the limits in characters: %v", err)
	}
	if !strings.HasSuffix(*c.Bio, "\nend") {
		t.Fatalf("bio keeps its lines and loses invisible characters: %q", *c.Bio)
	}
	if _, err := NewChanges(EditInput{Bio: strings.Repeat("ọ", MaxBioLength+1)}); err == nil {
		t.Fatal("bio over the limit accepted")
	}
	if c, _ := NewChanges(EditInput{FirstName: "\u200b\u200b"}); c.FirstName != nil {
		t.Fatal("an invisible first name must not replace the name")
	}
}
