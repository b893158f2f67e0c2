// Package text holds the rules every piece of user-written text goes through before it is
// checked or stored: which characters are kept, when a text counts as blank, how its length is
// counted, and what a link must be (WebURL). Limits are in characters a reader sees, not bytes, so a Yoruba or Igbo name with
// its diacritics ("Ọláòṣebìkan") is as long as it looks.
package text

import (
	"net/url"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Clean returns s in NFC with the characters nobody can see or type on purpose removed: C0/C1
// control characters (NUL included; newline and tab are kept only when multiline is true),
// bidirectional overrides and isolates (which can make a text read backwards), and the
// zero-width space, word joiner, soft hyphen and byte-order mark. Zero-width joiners and
// non-joiners are kept inside a text because emoji sequences and some scripts need them. The
// result is trimmed of surrounding white space.
func Clean(s string, multiline bool) string {
	s = norm.NFC.String(s)
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
			if multiline {
				b.WriteRune(r)
			} else {
				b.WriteRune(' ')
			}
		case r == '\r':
			// dropped: \r\n becomes \n
		case unicode.IsControl(r), r == unicode.ReplacementChar, hidden(r):
		default:
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String())
}

// hidden reports format characters that render as nothing and carry no meaning in user text.
func hidden(r rune) bool {
	switch {
	case r == 0x00AD, r == 0x180E, r == 0x200B, r == 0x2060, r == 0xFEFF:
		return true
	case r >= 0x200E && r <= 0x200F, r >= 0x202A && r <= 0x202E, r >= 0x2061 && r <= 0x206F:
		return true
	}
	return false
}

// Blank reports whether s has nothing a reader would see: only white space, control, format
// (zero-width) and combining characters.
func Blank(s string) bool {
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Mn, unicode.Me) || hidden(r) {
			continue
		}
		return false
	}
	return true
}

// Check cleans user text (Clean, line breaks kept) and checks it: blank (Blank) is blankErr,
// longer than max characters (Len) is longErr. Messages, reasons and the like are checked so.
func Check(s string, max int, blankErr, longErr error) (string, error) {
	c := Clean(s, true)
	switch {
	case Blank(c):
		return "", blankErr
	case Len(c) > max:
		return "", longErr
	}
	return c, nil
}

// Len counts the characters a reader sees: code points in NFC, not counting combining marks,
// joiners and variation selectors, which sit on the character before them. "ọ̀" is one.
func Len(s string) int {
	n := 0
	for _, r := range norm.NFC.String(s) {
		if unicode.In(r, unicode.Mn, unicode.Me) || r == 0x200C || r == 0x200D || (r >= 0xFE00 && r <= 0xFE0F) {
			continue
		}
		n++
	}
	return n
}

// Words returns the words of s as search compares them: decomposed (NFD) with the combining
// marks dropped, lower-cased, and split at everything that is not a letter or a digit, so
// "ỌLÁ", "Ọlá" and "ola" are one word and "Temilade's" is "temilade" and "s".
func Words(s string) []string {
	s = norm.NFD.String(s)
	var words []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			words = append(words, b.String())
			b.Reset()
		}
	}
	for _, r := range s {
		switch {
		case unicode.In(r, unicode.Mn, unicode.Me):
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		default:
			flush()
		}
	}
	flush()
	return words
}

// MaxURL bounds a link a person gives (streaming, promotion and profile links), in bytes.
const MaxURL = 2048

// WebURL reports whether s is a link a browser can open: an absolute http or https URL with a
// host, at most MaxURL bytes, without spaces or control characters.
func WebURL(s string) bool {
	if s == "" || len(s) > MaxURL || strings.ContainsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.Hostname() != "" && u.Opaque == ""
}
