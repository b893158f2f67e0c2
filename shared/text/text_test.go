package text

import (
	"errors"
	"strings"
	"testing"
)

func TestClean_DropsControlAndInvisibleCharacters(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, in, want string }{
		{"nul only", "\x00", ""},
		{"zero-width only", "\u200b\u200b\ufeff\u2060", ""},
		{"bidi override", "abc\u202edef", "abcdef"},
		{"keeps yoruba", "  Ọláòṣebìkan ", "Ọláòṣebìkan"},
		{"nfd to nfc", "o\u0323", "ọ"},
		{"single line turns newline to space", "a\nb", "a b"},
		{"crlf", "a\r\nb", "a b"},
		{"keeps emoji zwj", "👨\u200d👩", "👨\u200d👩"},
	}
	for _, c := range cases {
		if got := Clean(c.in, false); got != c.want {
			t.Errorf("%s: Clean(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
	if got := Clean("a\r\nb\tc", true); got != "a\nb\tc" {
		t.Errorf("multiline Clean = %q", got)
	}
}

func TestBlank_SeesOnlyWhatAReaderSees(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", "   ", "\x00", "\u200b\u200c\u200d", "\u0301", "\t\n"} {
		if !Blank(s) {
			t.Errorf("Blank(%q) = false", s)
		}
	}
	for _, s := range []string{"a", "ọ", "😀", " . "} {
		if Blank(s) {
			t.Errorf("Blank(%q) = true", s)
		}
	}
}

func TestLen_CountsCharactersNotBytes(t *testing.T) {
	t.Parallel()
	if n := Len(strings.Repeat("ọ", 200)); n != 200 {
		t.Errorf("200 ọ counted %d", n)
	}
	if n := Len("o\u0323\u0300"); n != 1 {
		t.Errorf("o with two combining marks counted %d", n)
	}
	if n := Len("Ọláòṣebìkan"); n != 11 {
		t.Errorf("Ọláòṣebìkan counted %d", n)
	}
}

func TestWords_FoldsCaseAndMarksAndSplitsAtPunctuation(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, want string }{
		{"ỌLÁ", "ola"},
		{"Ọlá òṣebìkan", "ola osebikan"},
		{"o\u0323la", "ola"}, // already decomposed
		{"Temilade's new one", "temilade s new one"},
		{"ada_sings", "ada sings"},
		{"  --  ", ""},
		{"Ìgbò Hausa ƙasa", "igbo hausa ƙasa"},
	}
	for _, c := range cases {
		if got := strings.Join(Words(c.in), " "); got != c.want {
			t.Errorf("Words(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCheck_CleansAndRefusesBlankOrLongText(t *testing.T) {
	t.Parallel()
	blank, long := errors.New("blank"), errors.New("long")
	cases := []struct {
		in, want string
		err      error
	}{
		{"  Not on the\u200b team ", "Not on the team", nil},
		{"line one\r\nline 2", "line one\nline 2", nil},
		{strings.Repeat("ọ", 15), strings.Repeat("ọ", 15), nil},
		{" \u200b\t\n", "", blank},
		{strings.Repeat("a", 16), "", long},
	}
	for _, c := range cases {
		if got, err := Check(c.in, 15, blank, long); got != c.want || err != c.err {
			t.Errorf("Check(%q) = %q, %v; want %q, %v", c.in, got, err, c.want, c.err)
		}
	}
}
