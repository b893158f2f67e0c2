package profile

import (
	"testing"

	"zuum/shared/failure"
)

func TestParseIdentity_AcceptsTheSpecsSpellings(t *testing.T) {
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
	c, err := NewChanges(EditInput{Bio: "  hi  ", FirstName: "", Phone: "08031234567"})
	if err != nil || *c.Bio != "hi" || c.FirstName != nil || *c.Phone != "08031234567" || c.Empty() {
		t.Fatalf("%+v %v", c, err)
	}
	if c, _ := NewChanges(EditInput{Bio: "   "}); !c.Empty() {
		t.Fatal("blank bio should change nothing")
	}
}

func TestNewSignup_ReportsEveryErrorInFormOrder(t *testing.T) {
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
