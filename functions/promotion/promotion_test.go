package promotion_test

import (
	"net/http"
	"testing"

	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/money"
)

func TestPackages_ListEveryCategoryWithTheSpecsCounts(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	r := app.Client(t).JSON("GET", "/api/packages", nil)
	list, _ := r.Body["packages"].([]any)
	if r.Status != http.StatusOK || len(list) == 0 || list[0].(map[string]any)["category"] != "tiktok" {
		t.Fatalf("packages: %d %.200s", r.Status, r.Raw)
	}
	counts := map[string]int{}
	for _, p := range list {
		m := p.(map[string]any)
		counts[m["category"].(string)]++
		if m["price"] != m["total"] || m["currency"] != "NGN" || m["duration"] != "1 month" || len(m["features"].([]any)) < 4 {
			t.Errorf("package %v", m)
		}
	}
	want := map[string]int{"national": 19, "tv": 14, "radio": 11, "digital": 12, "chart": 3, "playlist": 5, "youtube": 4, "tiktok": 3, "international": 5}
	for c, n := range want {
		if counts[c] != n {
			t.Errorf("%s: %d packages, want %d", c, counts[c], n)
		}
	}
}

func TestMassPromotion_EveryRefusalMovesNothingAndAPaidOneIsHeldOnce(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, bo := app.SignedIn(t, "ada_mass"), app.SignedIn(t, "bo_mass")
	app.Fund(t, ada, 100000*money.Naira)
	mine, theirs := upload(t, app, ada, media.Image, "image/png", mediatest.PNG()), upload(t, app, bo, media.Image, "image/png", mediatest.PNG())
	for _, c := range []struct {
		name   string
		body   map[string]any
		status int
		msg    string
		fields map[string]string
	}{
		{"no category", map[string]any{"package_id": "radio-01", "song_link": "https://x.test/s"}, 400, "Invalid category", nil},
		{"unknown category", map[string]any{"category": "opera", "package_id": "radio-01"}, 400, "Unsupported category", nil},
		{"tiktok without its fields", map[string]any{"category": "tiktok", "package_id": "tiktok-01", "title": "Song"}, 400, "Validation error or missing files",
			map[string]string{"video_link": "Video link is required", "description": "Description is required", "hashtags": "Hashtags is required", "music": "Music is required"}},
		{"someone else's image", map[string]any{"category": "print", "package_id": "national-05", "title": "T", "body": "B", "image": theirs}, 400, "Validation error or missing files",
			map[string]string{"image": "Image must be a checked image upload of yours"}},
		{"a package of another category", map[string]any{"category": "radio", "package_id": "tv-01", "song_link": "https://x.test/s"}, 404, "Package not found", nil},
		{"no such package", map[string]any{"category": "radio", "package_id": "radio-99", "song_link": "https://x.test/s"}, 404, "Package not found", nil},
		{"more than the wallet", map[string]any{"category": "tiktok", "package_id": "tiktok-03", "video_link": "https://www.tiktok.com/@ada/video/1", "title": "t", "description": "d", "hashtags": "#h", "music": "m"}, 406, "Insufficient funds", nil},
		{"not a string", map[string]any{"category": "radio", "package_id": "radio-01", "song_link": 5}, 400, "Every field of a mass promotion is a string (files by upload key).", nil},
	} {
		r := ada.PostKeyed("/api/promotions/mass", uuid.NewString(), c.body)
		if r.Status != c.status || r.Message() != c.msg {
			t.Errorf("%s: %d %s", c.name, r.Status, r.Raw)
		}
		for f, msg := range c.fields {
			if got := r.FieldErrors()[f]; got != msg {
				t.Errorf("%s: %s: %q, want %q", c.name, f, got, msg)
			}
		}
	}
	if b := balances(t, app); b[ledger.User(ada.ID)] != 100000*money.Naira || b[ledger.Held] != 0 {
		t.Fatalf("refusals moved money: %v", b)
	}
	key := uuid.NewString()
	body := map[string]any{"category": "print", "package_id": "national-05", "title": "My single", "body": "About it", "image": mine}
	first := ada.PostKeyed("/api/promotions/mass", key, body)
	if first.Status != http.StatusCreated || first.Body["data"].(map[string]any)["price"] != float64(80000) {
		t.Fatalf("print: %d %s", first.Status, first.Raw)
	}
	if again := ada.PostKeyed("/api/promotions/mass", key, body); again.Status != http.StatusCreated || again.Header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("replay: %d %s", again.Status, again.Raw)
	}
	if b := balances(t, app); b[ledger.User(ada.ID)] != 20000*money.Naira || b[ledger.Held] != 80000*money.Naira {
		t.Errorf("after paying: wallet %s, held %s", b[ledger.User(ada.ID)], b[ledger.Held])
	}
}

func TestPromotionRequest_NamesEveryMissingFieldThenStoresTheForm(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada := app.SignedIn(t, "ada_req")
	r := ada.PostKeyed("/api/promotions/requests", "", map[string]any{"promotionType": "opera"})
	want := map[string]string{
		"promotionType": "Please select a promotion type", "contentLink": "Content link is required", "contactName": "Name is required",
		"contactEmail": "Email is required", "contactPhone": "Phone is required", "agreeTerms": "You must agree to the terms",
	}
	if r.Status != http.StatusBadRequest || len(r.FieldErrors()) != len(want) {
		t.Fatalf("empty form: %d %s", r.Status, r.Raw)
	}
	for f, msg := range want {
		if r.FieldErrors()[f] != msg {
			t.Errorf("%s: %q, want %q", f, r.FieldErrors()[f], msg)
		}
	}
	r = ada.PostKeyed("/api/promotions/requests", "", map[string]any{
		"promotionType": "radio", "selectedPlatforms": []string{"Lagos FM 1"}, "contentLink": "https://x.test/song",
		"contactName": "Ada", "contactEmail": "ada@example.com", "contactPhone": "08012345678", "agreeTerms": true,
	})
	if r.Status != http.StatusCreated || r.Body["id"] == "" {
		t.Errorf("full form: %d %s", r.Status, r.Raw)
	}
}

func TestMyPromotions_ListsInAppAndMassTogetherFilteredWithTheirStatusAndStats(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	ada := app.SignedIn(t, "ada_mine")
	app.Fund(t, ada, 200000*money.Naira)
	inApp := promote(app, ada, audioPost(t, app, ada, "My hit", "music"), "audio", 14)
	radio := ada.PostKeyed("/api/promotions/mass", uuid.NewString(), map[string]any{"category": "radio", "package_id": "radio-01", "song_link": "https://x.test/s"})
	tv := ada.PostKeyed("/api/promotions/mass", uuid.NewString(), map[string]any{"category": "youtube", "package_id": "youtube-01", "video_link": "https://youtu.be/clip", "title": "Clip", "description": "d"})
	for _, r := range []apptest.Response{inApp, radio, tv} {
		if r.Status != http.StatusCreated {
			t.Fatalf("promote: %d %s", r.Status, r.Raw)
		}
	}
	id := func(r apptest.Response) string { return r.Body["data"].(map[string]any)["id"].(string) }
	if r := boot.JSON("POST", "/api/admin/promotions/"+id(inApp)+"/approve", nil); r.Status != http.StatusOK {
		t.Fatalf("approve: %d %s", r.Status, r.Raw)
	}
	if r := boot.JSON("POST", "/api/admin/promotions/"+id(radio)+"/reject", map[string]string{"reason": "The song link does not open"}); r.Status != http.StatusOK {
		t.Fatalf("reject: %d %s", r.Status, r.Raw)
	}
	r := ada.JSON("GET", "/api/packages/myPromotions", nil)
	data, _ := r.Body["data"].([]any)
	if r.Status != http.StatusOK || r.Body["total"] != float64(3) || len(data) != 3 {
		t.Fatalf("mine: %d %s", r.Status, r.Raw)
	}
	got := map[string]map[string]any{}
	for _, d := range data {
		m := d.(map[string]any)
		got[m["id"].(string)] = m
	}
	if m := got[id(inApp)]; m["category"] != "in_app" || m["status"] != "active" || m["title"] != "My hit" || m["impressions"] != float64(0) || m["plays"] != float64(0) {
		t.Errorf("in-app: %v", m)
	}
	if m := got[id(radio)]; m["category"] != "radio" || m["status"] != "rejected" || m["reason"] != "The song link does not open" || m["title"] != "Untitled Promotion" || m["package_name"] != "Lagos FM 1" || m["impressions"] != nil {
		t.Errorf("radio: %v", m)
	}
	if m := got[id(tv)]; m["status"] != "pending" || m["title"] != "Clip" {
		t.Errorf("youtube: %v", m)
	}
	for query, n := range map[string]float64{"?category=in_app": 1, "?status=pending": 1, "?status=rejected&category=radio": 1, "?status=completed": 0, "?limit=1&offset=2": 3} {
		r := ada.JSON("GET", "/api/packages/myPromotions"+query, nil)
		if r.Status != http.StatusOK || r.Body["total"] != n {
			t.Errorf("%s: %d %s", query, r.Status, r.Raw)
		}
	}
	for _, query := range []string{"?status=approved", "?category=opera", "?limit=0", "?offset=-1"} {
		if r := ada.JSON("GET", "/api/packages/myPromotions"+query, nil); r.Status != http.StatusBadRequest {
			t.Errorf("%s: %d %s", query, r.Status, r.Raw)
		}
	}
	if r := app.Client(t).JSON("GET", "/api/packages/myPromotions", nil); r.Status != http.StatusUnauthorized {
		t.Errorf("without a session: %d", r.Status)
	}
	balances(t, app)
}

// The samples in events/promotion are what `make invoke` replays.
func TestEvents_PromotionSamplesThroughTheLambdaAdapter(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	app.ReplayAnswers(t, "promotion", "events/promotion/packages.json", http.StatusOK, `"category":"tiktok"`)
}

// Tries of one mass promotion at once (a client retrying while its first try still runs): the
// tries that find the wallet spent get the first try's 201, and it is paid once.
func TestMassPromotion_TriesOfOneKeyAtOnceAllGetTheFirstAnswer(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada := app.SignedIn(t, "ada_mass_retries")
	app.Fund(t, ada, 80000*money.Naira)
	image := upload(t, app, ada, media.Image, "image/png", mediatest.PNG())
	key, body := uuid.NewString(), map[string]any{"category": "print", "package_id": "national-05", "title": "My single", "body": "About it", "image": image}
	apptest.OneAnswer(t, apptest.AtOnce(6, func() apptest.Response { return ada.PostKeyed("/api/promotions/mass", key, body) }), http.StatusCreated)
	if b := balances(t, app); b[ledger.User(ada.ID)] != 0 || b[ledger.Held] != 80000*money.Naira {
		t.Errorf("wallet %s, held %s; want 0 and 80000 (paid once)", b[ledger.User(ada.ID)], b[ledger.Held])
	}
}
