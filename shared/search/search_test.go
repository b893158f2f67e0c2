package search

import (
	"strings"
	"testing"
)

func TestTokens_AreThreeToSixLetterPrefixesUpToTheBound(t *testing.T) {
	t.Parallel()
	if got := strings.Join(Tokens(Words("Temilade's ỌLÁ ok"), 100), " "); got != "tem temi temil temila ola" {
		t.Errorf("tokens: %q", got)
	}
	if got := Tokens(Words("abcdef ghijkl mnopqr"), 5); len(got) != 5 {
		t.Errorf("bounded to 5: %v", got)
	}
}

func TestParse_ReadsTheLongestWordsPartitionAndRefusesShortOrLongText(t *testing.T) {
	t.Parallel()
	q, err := Parse("ọla Temilade")
	if err != nil || q.Token != "temila" || q.Key() != "ola temilade" {
		t.Fatalf("%+v %v", q, err)
	}
	if !q.Matches("temilade s ola new") || q.Matches("temilade new") || q.Matches("olatemilade") {
		t.Error("every word must begin some word")
	}
	for _, s := range []string{"", "ab", "a b c", "ọ́l"} {
		if _, err := Parse(s); err != ErrShort {
			t.Errorf("%q: %v", s, err)
		}
	}
	if _, err := Parse(strings.Repeat("a", MaxQuery+1)); err != ErrLong {
		t.Errorf("long: %v", err)
	}
	if q, err := Parse("Ọ̀ṣun"); err != nil || q.Token != "osun" {
		t.Errorf("marks only count as nothing: %+v %v", q, err)
	}
}
