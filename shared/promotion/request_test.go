package promotion

import (
	"reflect"
	"strings"
	"testing"
)

func TestRequestCheck_NamesEachFieldInTheFormsOrder(t *testing.T) {
	t.Parallel()
	full := func() Request {
		return Request{PromotionType: "radio", ContentLink: "https://x.test/song", ContactName: "Ada", ContactEmail: "ada@example.com",
			ContactPhone: "08012345678", AgreeTerms: true}
	}
	for _, c := range []struct {
		name   string
		change func(*Request)
		want   []string // field: message
	}{
		{"full", func(*Request) {}, nil},
		{"empty", func(r *Request) { *r = Request{PromotionType: "opera"} }, []string{
			"promotionType: " + MsgRequestType, "contentLink: " + MsgContentLink, "contactName: " + MsgContactName,
			"contactEmail: " + MsgContactEmail, "contactPhone: " + MsgContactPhone, "agreeTerms: " + MsgAgreeTerms}},
		{"not a web link, too long, too many", func(r *Request) {
			r.ContentLink, r.Biography, r.SelectedPlatforms, r.AgreeTerms = "ftp://x", strings.Repeat("b", MaxField+1), make([]string, MaxPlatforms+1), false
		}, []string{"form: A field is too long", "selectedPlatforms: Too many platforms", "contentLink: " + MsgURL, "agreeTerms: " + MsgAgreeTerms}},
		{"spaces are nothing", func(r *Request) { r.ContactName, r.PromotionType = " \t ", " tv " }, []string{"contactName: " + MsgContactName}},
	} {
		r := full()
		c.change(&r)
		var got []string
		for _, e := range r.check() {
			got = append(got, e.Field+": "+e.Msg)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
