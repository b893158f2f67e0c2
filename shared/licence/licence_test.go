package licence_test

import (
	"strings"
	"testing"

	"zuum/shared/licence"
)

func TestNewNumber_IsValidAndDifferentEachTime(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for range 2000 {
		n := licence.NewNumber()
		if !licence.ValidNumber(n) {
			t.Fatalf("NewNumber() = %q, which ValidNumber refuses", n)
		}
		if seen[n] {
			t.Fatalf("NewNumber() gave %q twice", n)
		}
		seen[n] = true
	}
}

func TestNewNumber_UsesEverySymbolOfTheAlphabet(t *testing.T) {
	t.Parallel()
	used := map[rune]bool{}
	for range 500 {
		for _, r := range strings.ReplaceAll(strings.TrimPrefix(licence.NewNumber(), "ZUUM-"), "-", "") {
			used[r] = true
		}
	}
	for _, r := range "0123456789ABCDEFGHJKMNPQRSTVWXYZ" {
		if !used[r] {
			t.Errorf("6000 random symbols never held %q", r)
		}
	}
	for _, r := range "ILOU" {
		if used[r] {
			t.Errorf("a number holds %q, which Crockford's base32 leaves out", r)
		}
	}
}

func TestValidNumber_RefusesWhatNewNumberNeverWrites(t *testing.T) {
	t.Parallel()
	for _, s := range []string{
		"", "ZUUM-", "ZUUM-ABCD-EFGH-JKM", "ZUUM-ABCD-EFGH-JKMNP", "ZUUM-ABCDEFGH-JKMN-",
		"zuum-ABCD-EFGH-JKMN", "ZUUM-abcd-EFGH-JKMN", "ZUUM-ABCD-EFGH-JKMO", "ZUUM-ABCD-EFGH-JKMU",
		"ZUUX-ABCD-EFGH-JKMN", "ZUUM_ABCD-EFGH-JKMN", "ZUUM-ABCD EFGH-JKMN", "ZUUM-ABCD-EFGH-JKM\u00c9",
		"../../etc/passwd", "ZUUM-ABCD-EFGH-JKMN ",
	} {
		if licence.ValidNumber(s) {
			t.Errorf("ValidNumber(%q) = true", s)
		}
	}
	if !licence.ValidNumber("ZUUM-0123-4567-89YZ") {
		t.Error("ValidNumber refuses a well-formed number")
	}
}

func TestCanonical_ReadsANumberAsPeopleTypeIt(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"ZUUM-0123-4567-89YZ":     "ZUUM-0123-4567-89YZ",
		" zuum-abcd-efgh-jkmn \n": "ZUUM-ABCD-EFGH-JKMN",
		"ZUUM-OOIL-0000-1111":     "ZUUM-0011-0000-1111",
	} {
		if got, ok := licence.Canonical(in); !ok || got != want {
			t.Errorf("Canonical(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "ZUUM-ABCD-EFGH-JKMU", "ABCD-EFGH-JKMN", "ZUUM-ABCD-EFGH"} {
		if got, ok := licence.Canonical(in); ok {
			t.Errorf("Canonical(%q) = %q, true", in, got)
		}
	}
}

func TestVerifyURL_IsTheAppsLicencePage(t *testing.T) {
	t.Parallel()
	for _, app := range []string{"https://zuum.ng", "https://zuum.ng/"} {
		if got := licence.VerifyURL(app, "ZUUM-0123-4567-89YZ"); got != "https://zuum.ng/licences/ZUUM-0123-4567-89YZ" {
			t.Errorf("VerifyURL(%q) = %s", app, got)
		}
	}
}
