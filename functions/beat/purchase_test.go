package beat_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/money"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

func TestPurchase_MovesThePriceLessCommissionAndGivesTheBuyerDownloads(t *testing.T) {
	t.Parallel()
	w, kel, ada := startSale(t, 6000*money.Naira)
	p := w.beat(kel, "Afro drill", map[string]any{"amount": 4999.99, "total_supply": 3})
	id := p["id"].(string)

	key := uuid.NewString()
	r := w.buy(ada, id, 4999.99, key)
	if r.Status != http.StatusCreated || r.Message() != "Purchase successful" {
		t.Fatalf("purchase: %d %s", r.Status, r.Raw)
	}
	data := r.Body["data"].(map[string]any)
	if data["post_id"] != id || data["caption"] != "Afro drill" || data["username"] != "kel_on_the_beat" || data["amount"] != 4999.99 ||
		data["downloads_remaining"] != 5.0 || data["genre"] != "" {
		t.Errorf("purchase data %v", data)
	}
	// 499999 kobo: the commission is 10% rounded down to the kobo, the producer gets the rest.
	if got := w.balance(ada); got != 6000*money.Naira-499999 {
		t.Errorf("buyer's balance %v", got)
	}
	if got := w.balance(kel); got != 499999-49999 {
		t.Errorf("producer's balance %v, want %v", got, money.Money(499999-49999))
	}
	a := w.audit()
	if a.Balances[ledger.Commission] != 49999 {
		t.Errorf("commission %v, want 49999 kobo", a.Balances[ledger.Commission])
	}
	// The producer is told once, with the buyer and what they earned, even when the buy is replayed.
	if again := w.buy(ada, id, 4999.99, key); again.Status == http.StatusCreated && again.Header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("the replay bought again: %s", again.Raw)
	}
	n := kel.JSON("GET", "/api/notifications", nil)
	var sold []map[string]any
	for _, x := range n.Body["notifications"].([]any) {
		if x := x.(map[string]any); x["type"] == "BEAT_SOLD" {
			sold = append(sold, x)
		}
	}
	if len(sold) != 1 || sold[0]["message"] != "ada_sings bought your beat Afro drill: you earned ₦4,500.00." ||
		sold[0]["post_id"] != id || sold[0]["post_type"] != "beat" || sold[0]["name"] != "ada_sings" || n.Body["unread"].(float64) < 1 {
		t.Errorf("the producer's notifications %s, want one BEAT_SOLD", n.Raw)
	}
	entries, err := w.ledgerOf().Entries(t.Context(), ada.ID, "purchase", ledger.Page{Limit: 10})
	if err != nil || len(entries.Entries) != 1 || entries.Entries[0].Counterparty != "kel_on_the_beat" || entries.Entries[0].Amount != -499999 {
		t.Errorf("the buyer's purchase entries %+v %v", entries.Entries, err)
	}
	// Both sides' histories link the entry to the beat.
	for _, side := range []struct {
		u   user
		typ string
	}{{ada, "purchase"}, {kel, "sale"}} {
		h := side.u.JSON("GET", "/api/wallet/transactions?type="+side.typ, nil)
		list, _ := h.Body["transactions"].([]any)
		if h.Status != http.StatusOK || len(list) != 1 {
			t.Fatalf("%s history: %d %s", side.typ, h.Status, h.Raw)
		}
		if link, _ := list[0].(map[string]any)["link"].(map[string]any); link["kind"] != "beat" || link["id"] != id {
			t.Errorf("the %s entry links to %v, want beat %s", side.typ, link, id)
		}
	}
	g := ada.JSON("GET", "/api/beat/"+id, nil).Body["post"].(map[string]any)
	if g["total_buyers"] != 1.0 || g["available"] != 2.0 {
		t.Errorf("after a sale: buyers %v available %v", g["total_buyers"], g["available"])
	}

	// The library lists it; the download spends one of five and reaches the full audio.
	lib := ada.JSON("GET", "/api/beat/purchase", nil)
	if list, _ := lib.Body["purchases"].([]any); lib.Status != http.StatusOK || len(list) != 1 || lib.Body["pagination"].(map[string]any)["total"] != 1.0 {
		t.Fatalf("library: %d %s", lib.Status, lib.Raw)
	}
	pid := data["id"].(string)
	for left := 4; left >= 0; left-- {
		d := ada.JSON("POST", "/api/beat/purchase/"+pid+"/download", nil)
		if d.Status != http.StatusOK || d.Body["downloads_remaining"] != float64(left) {
			t.Fatalf("download with %d left: %d %s", left, d.Status, d.Raw)
		}
		if left == 4 {
			exp, _ := time.Parse(time.RFC3339, d.Body["expires_at"].(string))
			if until := time.Until(exp); until <= 0 || until > 5*time.Minute+time.Second {
				t.Errorf("the link expires in %v, want at most 5 minutes", until)
			}
			status, b := fetch(t, ada.Client, d.Body["url"].(string))
			if dur := media.Duration("audio/wav", bytes.NewReader(b), int64(len(b))); status != http.StatusOK || dur != 25 {
				t.Errorf("the download: %d, plays %v s, want the full 25 s", status, dur)
			}
		}
	}
	refusal(t, "a sixth download", ada.JSON("POST", "/api/beat/purchase/"+pid+"/download", nil), http.StatusForbidden, "No downloads left", nil)
	refusal(t, "another user's purchase", kel.JSON("POST", "/api/beat/purchase/"+pid+"/download", nil), http.StatusNotFound, "Purchase not found", nil)
	refusal(t, "no such purchase", ada.JSON("POST", "/api/beat/purchase/nope/download", nil), http.StatusNotFound, "Purchase not found", nil)
	if r := kel.JSON("GET", "/api/beat/purchase", nil); len(r.Body["purchases"].([]any)) != 0 {
		t.Errorf("the producer's library lists another's purchase: %s", r.Raw)
	}
}

func TestPurchase_RefusesWithTheSpecsAnswersAndMovesNothing(t *testing.T) {
	t.Parallel()
	w := start(t)
	kel, ada, bo := w.user("kel_on_the_beat"), w.user("ada_sings"), w.user("bola")
	w.credit(ada, 100*money.Naira)
	w.credit(bo, 10*money.Naira)
	id := w.beat(kel, "Afro drill", map[string]any{"amount": 50, "total_supply": 1})["id"].(string)
	const refused = "Validation error or insufficient balance"
	cases := []struct {
		name    string
		who     user
		body    string
		key     string
		status  int
		message string
		fields  map[string]string
	}{
		{"no key", ada, `{"postId":"` + id + `","amount":50}`, "", 400, "Idempotency-Key header is required", nil},
		{"a key that is no UUID", ada, `{"postId":"` + id + `","amount":50}`, "key-1", 400, "Idempotency-Key header must be a UUID", nil},
		{"nothing", ada, `{}`, uuid.NewString(), 400, refused, map[string]string{"postId": "postId is required", "amount": "amount is required"}},
		{"three decimals", ada, `{"postId":"` + id + `","amount":50.001}`, uuid.NewString(), 400, refused, map[string]string{"amount": "amount must be a number of naira with at most two decimals"}},
		{"amount as text", ada, `{"postId":"` + id + `","amount":"50"}`, uuid.NewString(), 400, refused, map[string]string{"amount": "amount must be a number of naira with at most two decimals"}},
		{"malformed", ada, `{"postId":`, uuid.NewString(), 400, refused, nil},
		{"no such beat", ada, `{"postId":"` + uuid.NewString() + `","amount":50}`, uuid.NewString(), 404, "Beat not found or sold out", nil},
		{"own beat", kel, `{"postId":"` + id + `","amount":50}`, uuid.NewString(), 400, "You cannot buy your own beat", nil},
		{"old price", ada, `{"postId":"` + id + `","amount":49.99}`, uuid.NewString(), 409, "The price of this beat is ₦50.00, not the amount you sent", nil},
		{"too poor", bo, `{"postId":"` + id + `","amount":50}`, uuid.NewString(), 400, refused, map[string]string{"amount": "Insufficient balance"}},
	}
	for _, c := range cases {
		refusal(t, c.name, w.send(c.who, []byte(c.body), c.key), c.status, c.message, c.fields)
	}
	if ada := w.balance(ada); ada != 100*money.Naira {
		t.Errorf("refusals moved money: ada has %v", ada)
	}
	w.bought(ada, id, 50)
	refusal(t, "owned", w.buy(ada, id, 50, uuid.NewString()), http.StatusConflict, "You already own this beat", nil)
	w.credit(bo, 100*money.Naira)
	refusal(t, "sold out", w.buy(bo, id, 50, uuid.NewString()), http.StatusNotFound, "Beat not found or sold out", nil)
	if got := w.balance(bo); got != 110*money.Naira {
		t.Errorf("a refused buyer's balance %v", got)
	}
	w.audit()
}

func TestPurchase_ReplayingAKeyAnswersTheFirstAnswerAndMovesNothing(t *testing.T) {
	t.Parallel()
	w, kel, ada := startSale(t, 100*money.Naira)
	id := w.beat(kel, "Afro drill", map[string]any{"amount": 20})["id"].(string)
	other := w.beat(kel, "Amapiano", map[string]any{"amount": 20})["id"].(string)
	key := uuid.NewString()
	first := w.buy(ada, id, 20, key)
	if first.Status != http.StatusCreated {
		t.Fatalf("purchase: %d %s", first.Status, first.Raw)
	}
	again := w.buy(ada, id, 20, key)
	if again.Status != http.StatusCreated || !bytes.Equal(bytes.TrimSpace(again.Raw), bytes.TrimSpace(first.Raw)) || again.Header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("replay: %d %s (replayed %q), want the first answer %s", again.Status, again.Raw, again.Header.Get("Idempotent-Replayed"), first.Raw)
	}
	refusal(t, "same key, other beat", w.buy(ada, other, 20, key), http.StatusUnprocessableEntity, "Idempotency-Key was already used with a different request", nil)
	if got := w.balance(ada); got != 80*money.Naira {
		t.Errorf("balance %v after one purchase and two replays, want 80", got)
	}
	if r := ada.JSON("GET", "/api/beat/purchase", nil); len(r.Body["purchases"].([]any)) != 1 {
		t.Errorf("library after replays: %s", r.Raw)
	}
	// Another user's key is theirs alone.
	bo := w.user("bola")
	w.credit(bo, 20*money.Naira)
	if r := w.buy(bo, id, 20, key); r.Status != http.StatusCreated || r.Header.Get("Idempotent-Replayed") != "" {
		t.Errorf("another user with the same key: %d %s", r.Status, r.Raw)
	}
	w.audit()
}

func TestPurchase_TheFullAudioIsGivenOnlyToItsBuyer(t *testing.T) {
	t.Parallel()
	w := start(t)
	kel, ada, bo := w.user("kel_on_the_beat"), w.user("ada_sings"), w.user("bola")
	w.credit(ada, 100*money.Naira)
	owner := w.beat(kel, "Afro drill", map[string]any{"amount": 20})
	id := owner["id"].(string)
	full := objectPath(t, owner["audio_upload"].(string))
	w.bought(ada, id, 20)
	fullName := full[strings.LastIndex(full, "/")+1:]
	// Nobody reads the full audio's key from the beat, its lists or the feed; a stranger not from
	// the library or the beat's purchase either, and has no purchase of it.
	for _, u := range []user{ada, bo} {
		paths := []string{"/api/beat/" + id, "/api/beat", "/api/feed", "/api/beat/user/" + kel.ID}
		if u.ID == bo.ID {
			paths = append(paths, "/api/beat/purchase", "/api/beat/"+id+"/purchase")
		}
		for _, path := range paths {
			if r := u.JSON("GET", path, nil); r.Status != http.StatusOK || bytes.Contains(r.Raw, []byte(fullName)) {
				t.Errorf("%s GET %s: %d, names the full audio: %v", u.Name, path, r.Status, bytes.Contains(r.Raw, []byte(fullName)))
			}
		}
	}
	if r := bo.JSON("GET", "/api/beat/"+id+"/purchase", nil); r.Status != http.StatusOK || r.Body["purchase"] != nil {
		t.Errorf("a stranger's purchase of the beat: %d %s", r.Status, r.Raw)
	}
	for _, u := range []string{full, w.app.Cloud.URL + "/" + schema.Media.Name + full} {
		if status, _ := fetch(t, bo.Client, u); status != http.StatusForbidden {
			t.Errorf("an unsigned GET of the full audio %s: %d, want 403", u, status)
		}
	}
	// The buyer's library and the beat's purchase carry a signed URL of the full 25 s, the preview
	// stays 10 s, and nothing is spent.
	lib := ada.JSON("GET", "/api/beat/purchase", nil)
	list, _ := lib.Body["purchases"].([]any)
	if lib.Status != http.StatusOK || len(list) != 1 {
		t.Fatalf("library: %d %s", lib.Status, lib.Raw)
	}
	mine := ada.JSON("GET", "/api/beat/"+id+"/purchase", nil)
	bought, _ := mine.Body["purchase"].(map[string]any)
	if mine.Status != http.StatusOK || bought == nil || bought["post_id"] != id || bought["downloads_remaining"] != 5.0 {
		t.Fatalf("the buyer's purchase of the beat: %d %s", mine.Status, mine.Raw)
	}
	for what, p := range map[string]map[string]any{"library": list[0].(map[string]any), "purchase": bought} {
		for field, want := range map[string]float64{"full_audio": 25, "audio_upload": 10} {
			status, b := fetch(t, ada.Client, p[field].(string))
			if dur := media.Duration("audio/wav", bytes.NewReader(b), int64(len(b))); status != http.StatusOK || dur != want {
				t.Errorf("the %s's %s: %d, plays %v s, want %v s", what, field, status, dur, want)
			}
		}
	}
}

func TestPurchase_ABeatWithBuyersIsWithdrawnNotDeletedAndItsBuyersStillDownload(t *testing.T) {
	t.Parallel()
	w, kel, ada := startSale(t, 100*money.Naira)
	cover := w.upload(kel.ID, media.Image, "image/png", mediatest.PNGOf(mediatest.Picture(500, 250)))
	beat := w.beat(kel, "Afro drill", map[string]any{"amount": 20, "cover_photo": cover})
	id := beat["id"].(string)
	r := w.bought(ada, id, 20)
	pid := r.Body["data"].(map[string]any)["id"].(string)
	if r := kel.JSON("DELETE", "/api/beat/"+id, nil); r.Status != http.StatusOK {
		t.Fatalf("delete: %d %s", r.Status, r.Raw)
	}
	w.app.NoFailedEvents(t) // no clean-up ran, or failed
	for _, path := range []string{"/api/beat", "/api/feed", "/api/beat/user-posts"} {
		if r := kel.JSON("GET", path, nil); len(r.Body["posts"].([]any)) != 0 || r.Body["pagination"].(map[string]any)["total"] != 0.0 {
			t.Errorf("GET %s still lists the withdrawn beat: %s", path, r.Raw)
		}
	}
	refusal(t, "read", ada.JSON("GET", "/api/beat/"+id, nil), http.StatusNotFound, "Beat post not found", nil)
	refusal(t, "like", ada.JSON("POST", "/api/beat/react", map[string]any{"post_id": id, "like": true}), http.StatusNotFound, "Post not found", nil)
	bo := w.user("bola")
	w.credit(bo, 100*money.Naira)
	refusal(t, "buy", w.buy(bo, id, 20, uuid.NewString()), http.StatusNotFound, "Beat not found or sold out", nil)
	d := ada.JSON("POST", "/api/beat/purchase/"+pid+"/download", nil)
	if d.Status != http.StatusOK {
		t.Fatalf("download of a withdrawn beat: %d %s", d.Status, d.Raw)
	}
	// The library still shows the withdrawn beat's cover with its renditions, which stay with it.
	bought := ada.JSON("GET", "/api/beat/purchase", nil).Body["purchases"].([]any)[0].(map[string]any)
	if bought["cover_width"] != 500.0 || bought["cover_height"] != 250.0 || bought["cover_placeholder"] != beat["cover_placeholder"] {
		t.Errorf("the purchase's cover: %v×%v, placeholder %.30q", bought["cover_width"], bought["cover_height"], bought["cover_placeholder"])
	}
	rends := bought["cover_renditions"].([]any)
	if len(rends) != 2 || rends[0].(map[string]any)["width"] != 160.0 || rends[1].(map[string]any)["width"] != 480.0 {
		t.Fatalf("the purchase's renditions %v", rends)
	}
	for _, rd := range rends {
		if status, _ := fetch(t, ada.Client, rd.(map[string]any)["url"].(string)); status != http.StatusOK {
			t.Errorf("rendition %v of a withdrawn beat: %d", rd, status)
		}
	}
	status, b := fetch(t, ada.Client, d.Body["url"].(string))
	if dur := media.Duration("audio/wav", bytes.NewReader(b), int64(len(b))); status != http.StatusOK || dur != 25 {
		t.Errorf("the download: %d, plays %v s", status, dur)
	}
	w.audit()
}

func TestPurchase_TheLicenceIsRecordedWithThePurchaseAndItsPDFStatesIt(t *testing.T) {
	t.Parallel()
	w, kel, ada := startSale(t, 5000*money.Naira)
	id := w.beat(kel, "Afro drill", map[string]any{"amount": 4999.99})["id"].(string)
	r := w.bought(ada, id, 4999.99)
	data := r.Body["data"].(map[string]any)
	number := data["licence_number"].(string)
	if !strings.HasPrefix(number, "ZUUM-") {
		t.Fatalf("licence number %q", number)
	}
	v := w.app.Client(t).JSON("GET", "/api/licences/"+number, nil)
	field := func(obj, name string) any { m, _ := v.Body[obj].(map[string]any); return m[name] }
	if v.Status != http.StatusOK || v.Body["valid"] != true || field("buyer", "username") != "ada_sings" ||
		field("producer", "username") != "kel_on_the_beat" || field("beat", "title") != "Afro drill" || field("beat", "id") != id {
		t.Errorf("the public check: %d %s", v.Status, v.Raw)
	}
	pdf := ada.JSON("GET", "/api/beat/purchase/"+data["id"].(string)+"/licence", nil)
	if pdf.Status != http.StatusOK || pdf.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(pdf.Raw, []byte("%PDF-")) {
		t.Fatalf("licence PDF: %d %s %.40q", pdf.Status, pdf.Header.Get("Content-Type"), pdf.Raw)
	}
	if text := pdfText(t, pdf.Raw); text != "" {
		for _, want := range []string{number, "ada_sings", "kel_on_the_beat", "Afro drill", "₦4,999.99"} {
			if !strings.Contains(text, want) {
				t.Errorf("the PDF does not say %q", want)
			}
		}
	}
	refusal(t, "another user's licence", kel.JSON("GET", "/api/beat/purchase/"+data["id"].(string)+"/licence", nil), http.StatusNotFound, "Purchase not found", nil)
}

func TestPurchase_TheLibraryPagesByCursorAndRefusesAnotherBuyersCursor(t *testing.T) {
	t.Parallel()
	w := start(t)
	kel, ada, bo := w.user("kel_on_the_beat"), w.user("ada_sings"), w.user("bola")
	w.credit(ada, 100*money.Naira)
	w.credit(bo, 100*money.Naira)
	var captions []string
	for i := range 3 {
		caption := fmt.Sprintf("Beat %d", i)
		id := w.beat(kel, caption, map[string]any{"amount": 10})["id"].(string)
		if r := w.buy(ada, id, 10, uuid.NewString()); r.Status != http.StatusCreated {
			t.Fatalf("purchase %d: %d %s", i, r.Status, r.Raw)
		}
		if i == 0 {
			if r := w.buy(bo, id, 10, uuid.NewString()); r.Status != http.StatusCreated {
				t.Fatalf("bola's purchase: %d %s", r.Status, r.Raw)
			}
		}
		captions = append([]string{caption}, captions...) // newest first
	}
	var got []string
	cursor := ""
	for page := 1; ; page++ {
		path := "/api/beat/purchase?limit=2"
		if cursor != "" {
			path += "&cursor=" + cursor + "&page=" + fmt.Sprint(page)
		}
		r := ada.JSON("GET", path, nil)
		if r.Status != http.StatusOK {
			t.Fatalf("page %d: %d %s", page, r.Status, r.Raw)
		}
		for _, p := range r.Body["purchases"].([]any) {
			got = append(got, p.(map[string]any)["caption"].(string))
		}
		pg := r.Body["pagination"].(map[string]any)
		if pg["total"] != 3.0 || pg["totalPages"] != 2.0 {
			t.Errorf("page %d: pagination %v", page, pg)
		}
		next, _ := pg["next"].(string)
		if next == "" {
			break
		}
		cursor = next
		refusal(t, "another buyer's cursor", bo.JSON("GET", "/api/beat/purchase?cursor="+next, nil), http.StatusBadRequest, "Invalid cursor.", nil)
	}
	if fmt.Sprint(got) != fmt.Sprint(captions) {
		t.Errorf("library %v, want %v", got, captions)
	}
	if r := ada.JSON("GET", "/api/beat/purchase?page=2&limit=2", nil); r.Status != http.StatusOK || len(r.Body["purchases"].([]any)) != 1 {
		t.Errorf("page 2 by number: %d %s", r.Status, r.Raw)
	}
	refusal(t, "a page past the end", ada.JSON("GET", "/api/beat/purchase?page=3&limit=2", nil), http.StatusBadRequest, "page must be between 1 and 2.", nil)
}

func TestPurchase_ABeatOfADeactivatedProducerIsNotSold(t *testing.T) {
	t.Parallel()
	w, kel, ada := startSale(t, 100*money.Naira)
	id := w.beat(kel, "Afro drill", map[string]any{"amount": 20})["id"].(string)
	if err := profile.NewStore(w.app.Cloud.DynamoDB, schema.Users.Name).SetDeactivated(t.Context(), kel.ID, true); err != nil {
		t.Fatal(err)
	}
	refusal(t, "buy", w.buy(ada, id, 20, uuid.NewString()), http.StatusNotFound, "Beat not found or sold out", nil)
	if got := w.balance(ada); got != 100*money.Naira {
		t.Errorf("balance %v after a refused purchase", got)
	}
	w.audit()
}

// A retry that runs while its first try is still running (the gateway timed the first try out)
// passes the key check before the first try commits, then finds the beat sold out and owned: it
// must still get the first try's 201, not "You already own this beat".
func TestPurchase_ARetryRacingItsFirstTryGetsTheFirstAnswerWhateverSoldOut(t *testing.T) {
	t.Parallel()
	w := start(t)
	kel, ada := w.user("kel_on_the_beat"), w.user("ada_sings")
	const beats, tries = 4, 6
	w.credit(ada, beats*20*money.Naira)
	for i := range beats {
		id := w.beat(kel, fmt.Sprintf("Exclusive %d", i), map[string]any{"amount": 20, "total_supply": 1})["id"].(string)
		key := uuid.NewString()
		apptest.OneAnswer(t, apptest.AtOnce(tries, func() apptest.Response { return w.buy(ada, id, 20, key) }), http.StatusCreated)
	}
	if got := w.balance(ada); got != 0 {
		t.Errorf("balance %v after %d purchases each tried %d times at once, want 0", got, beats, tries)
	}
	w.audit()
}
