package dynamo

import (
	"encoding/base64"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func canceled(codes ...string) error {
	var reasons []types.CancellationReason
	for _, c := range codes {
		reasons = append(reasons, types.CancellationReason{Code: aws.String(c)})
	}
	return &types.TransactionCanceledException{CancellationReasons: reasons}
}

func TestConflicted_OnlyWhenAConflictAndNothingElseCanceledIt(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		err  error
		want bool
	}{
		{"a conflict beside untouched items", canceled("None", "TransactionConflict", "None"), true},
		{"a conflict and a failed condition", canceled("TransactionConflict", "ConditionalCheckFailed"), false},
		{"a failed condition", canceled("None", "ConditionalCheckFailed"), false},
		{"nothing named", canceled("None"), false},
		{"the conflict exception", &types.TransactionConflictException{}, true},
		{"another error", errors.New("boom"), false},
		{"no error", nil, false},
	}
	for _, c := range cases {
		if got := Conflicted(c.err); got != c.want {
			t.Errorf("%s: Conflicted = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestCanceledBy_NamesTheFailedConditions(t *testing.T) {
	t.Parallel()
	failed, ok := CanceledBy(canceled("None", "ConditionalCheckFailed", "TransactionConflict", "ConditionalCheckFailed"))
	if !ok || len(failed) != 2 || failed[0] != 1 || failed[1] != 3 {
		t.Fatalf("CanceledBy = %v, %v; want [1 3], true", failed, ok)
	}
	if _, ok := CanceledBy(errors.New("boom")); ok {
		t.Fatal("a plain error is not a canceled transaction")
	}
}

func TestKeyCursor_RoundTripsAndRefusesGarbage(t *testing.T) {
	t.Parallel()
	key := map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "TL#audio#2026-11-21"},
		"sk": &types.AttributeValueMemberS{Value: "01a1fe07-2b36-7000-bfc5-875c834b574f"},
	}
	got, err := DecodeKey(EncodeKey(key))
	if err != nil || len(got) != 2 || got["pk"].(*types.AttributeValueMemberS).Value != "TL#audio#2026-11-21" ||
		got["sk"].(*types.AttributeValueMemberS).Value != "01a1fe07-2b36-7000-bfc5-875c834b574f" {
		t.Fatalf("round trip = %v, %v", got, err)
	}
	if EncodeKey(nil) != "" {
		t.Fatal("no key must give no cursor")
	}
	if k, err := DecodeKey(""); k != nil || err != nil {
		t.Fatalf(`DecodeKey("") = %v, %v`, k, err)
	}
	for _, bad := range []string{"%%%", "bm90IGpzb24", "e30"} { // not base64, not JSON, {}
		if _, err := DecodeKey(bad); err == nil {
			t.Errorf("DecodeKey(%q) accepted garbage", bad)
		}
	}
}

func TestKeyCursor_KeepsNumericKeysNumeric(t *testing.T) {
	t.Parallel()
	key := map[string]types.AttributeValue{
		"pk":  &types.AttributeValueMemberS{Value: "ACCT#user#1"},
		"seq": &types.AttributeValueMemberN{Value: "1795132800123456"},
	}
	got, err := DecodeKey(EncodeKey(key))
	if err != nil {
		t.Fatal(err)
	}
	if n, ok := got["seq"].(*types.AttributeValueMemberN); !ok || n.Value != "1795132800123456" {
		t.Fatalf("seq came back as %#v, want the number it was", got["seq"])
	}
	if s, ok := got["pk"].(*types.AttributeValueMemberS); !ok || s.Value != "ACCT#user#1" {
		t.Fatalf("pk came back as %#v", got["pk"])
	}
	for _, bad := range []string{`{"seq":{"N":"1.5e3"}}`, `{"seq":{"N":""}}`, `{"seq":7}`, `{"seq":{"B":"eA"}}`} {
		if _, err := DecodeKey(base64.RawURLEncoding.EncodeToString([]byte(bad))); err == nil {
			t.Errorf("DecodeKey(%s) accepted a value that is no key", bad)
		}
	}
}

func TestOnlyCanceledBy_TheNamedItemAndNothingElse(t *testing.T) {
	t.Parallel()
	cases := []struct {
		failed []int
		at     int
		want   bool
	}{
		{[]int{2}, 2, true},
		{[]int{2, 2}, 2, true},
		{nil, 2, false},
		{[]int{0}, 2, false},
		{[]int{0, 2}, 2, false},
	}
	for _, c := range cases {
		if got := OnlyCanceledBy(c.failed, c.at); got != c.want {
			t.Errorf("OnlyCanceledBy(%v, %d) = %v, want %v", c.failed, c.at, got, c.want)
		}
	}
}
