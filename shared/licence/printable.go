package licence

import (
	"strings"
	"sync"

	"golang.org/x/image/font/sfnt"
)

// missing stands for a character the PDF's typeface cannot draw (an emoji, a Chinese title): a
// visible box instead of an invisible gap, and never a character outside the Basic
// Multilingual Plane, which the PDF library cannot embed at all.
const missing = '□'

// covered reports whether both faces draw r.
var covered = sync.OnceValue(func() func(rune) bool {
	var faces []*sfnt.Font
	for _, b := range [][]byte{regularFont, boldFont} {
		f, err := sfnt.Parse(b)
		if err != nil {
			panic("licence: embedded font does not parse: " + err.Error()) // a build defect, caught by every test
		}
		faces = append(faces, f)
	}
	var mu sync.Mutex
	var buf sfnt.Buffer
	return func(r rune) bool {
		if r > 0xFFFF {
			return false
		}
		mu.Lock()
		defer mu.Unlock()
		for _, f := range faces {
			if i, err := f.GlyphIndex(&buf, r); err != nil || i == 0 {
				return false
			}
		}
		return true
	}
})

// printable is s with what the typeface cannot draw replaced by missing, and control
// characters (a title's line breaks, tabs) by spaces.
func printable(s string) string {
	has := covered()
	return strings.Map(func(r rune) rune {
		switch {
		case r < ' ' || r == 0x7f:
			return ' '
		case has(r):
			return r
		default:
			return missing
		}
	}, s)
}
