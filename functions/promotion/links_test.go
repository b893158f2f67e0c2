package promotion_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/ledger"
	"zuum/shared/money"
)

var notURLs = []string{"not a url", "www.example.com/song", "javascript:alert(1)", "ftp://files.example/song.mp3", "https://", "https:///path",
	"https://example.com/" + strings.Repeat("a", 2048)}

// Issue 22: mass promotion took ₦80,000 for a song link of "not a url".
func TestMassPromotion_RefusesALinkThatIsNoWebURLBeforeCharging(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada := app.SignedIn(t, "ada_links")
	app.Fund(t, ada, 100000*money.Naira)
	for _, bad := range notURLs {
		for _, body := range []map[string]any{
			{"category": "radio", "package_id": "radio-01", "song_link": bad},
			{"category": "youtube", "package_id": "youtube-01", "video_link": bad, "title": "t", "description": "d"},
			{"category": "tiktok", "package_id": "tiktok-01", "video_link": bad, "title": "t", "description": "d", "hashtags": "#h", "music": "m"},
		} {
			field := "song_link"
			if body["category"] != "radio" {
				field = "video_link"
			}
			r := ada.PostKeyed("/api/promotions/mass", uuid.NewString(), body)
			if r.Status != http.StatusBadRequest || r.FieldErrors()[field] != "Please enter a valid URL" {
				t.Errorf("%s %s %.40q: %d %.300s", body["category"], field, bad, r.Status, r.Raw)
			}
		}
	}
	if b := balances(t, app); b[ledger.User(ada.ID)] != 100000*money.Naira || b[ledger.Held] != 0 {
		t.Fatalf("a refused link moved money: %v", b)
	}
	r := ada.PostKeyed("/api/promotions/mass", uuid.NewString(), map[string]any{"category": "radio", "package_id": "radio-01", "song_link": "  https://open.spotify.com/track/abc  "})
	if r.Status != http.StatusCreated {
		t.Fatalf("a web link: %d %s", r.Status, r.Raw)
	}
	if b := balances(t, app); b[ledger.User(ada.ID)] != 20000*money.Naira {
		t.Fatalf("after paying: %v", b)
	}
}

func TestPromotionRequest_RefusesAContentLinkThatIsNoWebURL(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada := app.SignedIn(t, "ada_reqlink")
	form := func(link string) map[string]any {
		return map[string]any{"promotionType": "radio", "selectedPlatforms": []string{"Lagos FM 1"}, "contentLink": link,
			"contactName": "Ada", "contactEmail": "ada@example.com", "contactPhone": "08012345678", "agreeTerms": true}
	}
	for _, bad := range notURLs {
		r := ada.PostKeyed("/api/promotions/requests", "", form(bad))
		if r.Status != http.StatusBadRequest || r.FieldErrors()["contentLink"] != "Please enter a valid URL" {
			t.Errorf("%.40q: %d %.300s", bad, r.Status, r.Raw)
		}
	}
	if r := ada.PostKeyed("/api/promotions/requests", "", form("http://example.com/my-song")); r.Status != http.StatusCreated {
		t.Errorf("a web link: %d %s", r.Status, r.Raw)
	}
}
