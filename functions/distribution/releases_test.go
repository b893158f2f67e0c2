package distribution_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/money"
	"zuum/shared/release"
	"zuum/shared/schema"
)

func TestCreate_WithoutASessionIs401(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := w.app.Client(t).JSON("GET", "/api/distribution/releases", nil)
	if r.Status != http.StatusUnauthorized {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
}

func TestCreate_ASingleIsSubmittedAndItsPackagePaidIntoHeldInOneGo(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 50_000*money.Naira)
	body := w.single(ada, map[string]any{"promotionPackage": "basic", "title": "  Lagos\u200b Nights "})
	upload := body["audioFile"].(string)

	v := releaseOf(t, submitNew(w.app, ada, body), http.StatusCreated)
	if v.Status != "submitted" || v.Package != "basic" || v.Price != 20_000*money.Naira || v.SubmittedAt == nil || v.Reason != "" {
		t.Fatalf("release %+v", v)
	}
	f := v.form(t)
	if f.Title != "Lagos Nights" || !strings.HasPrefix(f.AudioFile, "media/"+ada.ID+"/release_audio/") || !strings.HasPrefix(f.CoverArt, "media/"+ada.ID+"/cover_art/") {
		t.Errorf("form %+v", f)
	}
	if v.Files.CoverArt == "" || v.Files.AudioFile == "" {
		t.Errorf("files %+v", v.Files)
	}
	if !w.exists(f.AudioFile) || w.exists(upload) {
		t.Errorf("the release's copy must exist (%v) and the upload be gone (%v)", w.exists(f.AudioFile), w.exists(upload))
	}
	if got := w.balance(ada); got != 30_000*money.Naira {
		t.Errorf("wallet %v, want ₦30,000", got)
	}
	if held, _ := w.books(); held != 20_000*money.Naira {
		t.Errorf("held %v, want ₦20,000", held)
	}
	if n := notes(t, ada); len(n) != 1 || n[0] != `Your release "Lagos Nights" was submitted for review.` {
		t.Errorf("notifications %q", n)
	}
	got := releaseOf(t, ada.JSON("GET", "/api/distribution/releases/"+v.ID, nil), http.StatusOK)
	if got.ID != v.ID || got.Status != "submitted" {
		t.Errorf("read back %+v", got)
	}
}

func TestCreate_WithoutAPackageChargesNothing(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 0)
	v := releaseOf(t, submitNew(w.app, ada, w.single(ada, nil)), http.StatusCreated)
	if v.Status != "submitted" || v.Package != "none" || v.Price != 0 {
		t.Fatalf("release %+v", v)
	}
	if held, _ := w.books(); held != 0 {
		t.Errorf("held %v", held)
	}
}

func TestCreate_AnAlbumOfTwoFLACTracksIsSubmitted(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 0)
	body := w.album(ada, 2, nil)
	tracks := body["tracks"].([]map[string]any)
	for _, tr := range tracks {
		tr["audioFile"] = w.upload(ada.ID, media.ReleaseAudio, "audio/flac", mediatest.FLAC(2))
	}
	v := releaseOf(t, submitNew(w.app, ada, body), http.StatusCreated)
	f := v.form(t)
	if v.Status != "submitted" || len(f.Tracks) != 2 || len(v.Files.Tracks) != 2 || !strings.HasSuffix(f.Tracks[1].AudioFile, ".flac") {
		t.Fatalf("release %+v form %+v", v, f)
	}
}

func TestCreate_EachRuleFailingAloneNamesItsFieldWithTheWizardsText(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 0)
	// Every case is refused, which keeps the uploads it names: they share one cover and one
	// track, so the bucket's media function judges each once.
	w.shared = map[media.Kind]string{media.CoverArt: w.cover(ada), media.ReleaseAudio: w.track(ada)}
	year := time.Now().In(release.Lagos).Year()
	agreements := func(off string) map[string]any {
		a := map[string]any{"terms": true, "youtubeAck": true, "promoAck": true, "rightsAck": true, "nameAck": true, "distributionAck": true}
		a[off] = false
		return a
	}
	cases := []struct {
		name  string
		body  map[string]any
		field string
		msg   string
	}{
		{"no hasDistributed", w.single(ada, map[string]any{"hasDistributed": nil}), "hasDistributed", "Please select an option"},
		{"distributed without a Spotify URL", w.single(ada, map[string]any{"hasDistributed": "yes", "existingProfiles": map[string]any{"appleMusic": "https://music.apple.com/a", "youtubeMusic": "https://music.youtube.com/a"}}), "existingProfiles.spotify", "Spotify URL is required"},
		{"distributed without an Apple Music URL", w.single(ada, map[string]any{"hasDistributed": "yes", "existingProfiles": map[string]any{"spotify": "https://open.spotify.com/a", "youtubeMusic": "https://music.youtube.com/a"}}), "existingProfiles.appleMusic", "Apple Music URL is required"},
		{"distributed without a YouTube Music URL", w.single(ada, map[string]any{"hasDistributed": "yes", "existingProfiles": map[string]any{"spotify": "https://open.spotify.com/a", "appleMusic": "https://music.apple.com/a"}}), "existingProfiles.youtubeMusic", "YouTube Music URL is required"},
		{"a new artist with a blank name", w.single(ada, map[string]any{"artistName": " \u200b "}), "artistName", "Artist name is required"},
		{"a new artist not confirming ownership", w.single(ada, map[string]any{"confirmOwnership": false}), "confirmOwnership", release.MsgConfirmOwnership},
		{"a cover song", w.single(ada, map[string]any{"isCover": true}), "isCover", "Distribution of cover songs is not supported"},
		{"no title", w.single(ada, map[string]any{"title": ""}), "title", "Title is required"},
		{"an album track without a title", w.album(ada, 2, map[string]any{"tracks": []map[string]any{{"title": "One", "audioFile": w.track(ada)}, {"title": " ", "audioFile": w.track(ada)}}}), "tracks[1].title", "Track title is required"},
		{"an album of one track", w.album(ada, 1, nil), "numberOfTracks", "An album has 2 to 15 tracks"},
		{"an album of 16 tracks", w.album(ada, 16, nil), "numberOfTracks", "An album has 2 to 15 tracks"},
		{"no cover art", w.single(ada, map[string]any{"coverArt": nil}), "coverArt", "Cover art is required"},
		{"a single without audio", w.single(ada, map[string]any{"audioFile": ""}), "audioFile", "Audio file is required"},
		{"an album track without audio", w.album(ada, 2, map[string]any{"tracks": []map[string]any{{"title": "One", "audioFile": w.track(ada)}, {"title": "Two"}}}), "tracks[1].audioFile", "Audio file is required"},
		{"no genre", w.single(ada, map[string]any{"genre": ""}), "genre", "Primary genre is required"},
		{"a genre off the list", w.single(ada, map[string]any{"genre": "polka"}), "genre", release.MsgGenreList},
		{"no release date", w.single(ada, map[string]any{"releaseDate": nil}), "releaseDate", "Release date is required"},
		{"a release date of yesterday in Lagos", w.single(ada, map[string]any{"releaseDate": today(-1)}), "releaseDate", release.MsgReleaseDatePast},
		{"no copyright owner", w.single(ada, map[string]any{"copyright": map[string]any{"year": year}}), "copyright.owner", "Copyright owner is required"},
		{"a copyright year six years back", w.single(ada, map[string]any{"copyright": map[string]any{"year": year - 6, "owner": "Ada"}}), "copyright.year", fmt.Sprintf("Copyright year must be between %d and %d", year-5, year+5)},
		{"self-written with a blank songwriter", w.single(ada, map[string]any{"songwriters": []string{"Ada", ""}}), "songwriters[1]", "All songwriter fields must be filled"},
		{"self-written with no songwriter", w.single(ada, map[string]any{"songwriters": []string{}}), "songwriters[0]", "All songwriter fields must be filled"},
		{"a single without lyrics", w.single(ada, map[string]any{"lyrics": "  "}), "lyrics", "Lyrics are required"},
		{"no platform when not all", w.single(ada, map[string]any{"allPlatforms": false, "platforms": map[string]any{"spotify": false, "appleMusic": false, "youtubeMusic": false}}), "platforms", "Select at least one platform"},
		{"the rights box unticked", w.single(ada, map[string]any{"agreements": agreements("rightsAck")}), "agreements.rightsAck", "You must agree to continue"},
		{"the terms unticked", w.single(ada, map[string]any{"agreements": agreements("terms")}), "agreements.terms", "You must agree to continue"},
		{"an unknown package", w.single(ada, map[string]any{"promotionPackage": "gold"}), "promotionPackage", release.MsgPackage},
		{"another user's upload", w.single(ada, map[string]any{"audioFile": w.upload(uuid.NewString(), media.ReleaseAudio, "audio/wav", mediatest.WAV(1))}), "audioFile", release.MsgAudioGone},
	}
	t.Run("each case", func(t *testing.T) {
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				got := fields(t, submitNew(w.app, ada, c.body))
				if len(got) != 1 || got[c.field] != c.msg {
					t.Errorf("fields %v, want only %s: %q", got, c.field, c.msg)
				}
			})
		}
	})
	// Every refusal stored nothing.
	if r := ada.JSON("GET", "/api/distribution/releases", nil); !strings.Contains(string(r.Raw), `"releases":[]`) {
		t.Errorf("refused releases were stored: %s", r.Raw)
	}
}

func TestCreate_EveryFailingFieldIsListedAtOnce(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 0)
	got := fields(t, submitNew(w.app, ada, map[string]any{"releaseType": "album", "numberOfTracks": 2, "tracks": []map[string]any{{}, {"title": "Two"}}, "songwriter": "self", "allPlatforms": false, "isCover": true}))
	want := map[string]string{
		"hasDistributed": "Please select an option", "isCover": "Distribution of cover songs is not supported",
		"title": "Title is required", "tracks[0].title": "Track title is required", "coverArt": "Cover art is required",
		"tracks[0].audioFile": "Audio file is required", "tracks[1].audioFile": "Audio file is required",
		"genre": "Primary genre is required", "releaseDate": "Release date is required",
		"copyright.owner": "Copyright owner is required", "songwriters[0]": "All songwriter fields must be filled",
		"agreements.terms": "You must agree to continue", "agreements.youtubeAck": "You must agree to continue",
		"agreements.promoAck": "You must agree to continue", "agreements.rightsAck": "You must agree to continue",
		"agreements.nameAck": "You must agree to continue", "agreements.distributionAck": "You must agree to continue",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q", k, got[k], v)
		}
	}
	if _, ok := got["copyright.year"]; !ok {
		t.Errorf("no copyright.year in %v", got)
	}
}

// A cover under 3000×3000 is refused with its own text, whether the media function has already
// deleted the upload or not.
func TestCreate_ACoverOf2999PixelsASideIsRefused(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 0)
	small := w.upload(ada.ID, media.CoverArt, "image/png", mediatest.Cover(2999, 2999))
	w.app.NoFailedEvents(t)
	if w.exists(small) {
		t.Fatal("the media function must have deleted the small cover")
	}
	w.refusesFile(ada, "coverArt", small, "Cover art must be at least 3000x3000")
}

func TestCreate_ATrackOf21MBIsRefused(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 0)
	big := mediatest.WAV(1)
	big = append(big, make([]byte, 21<<20-len(big))...)
	key := w.upload(ada.ID, media.ReleaseAudio, "audio/wav", big)
	w.refusesFile(ada, "audioFile", key, "Audio file exceeds 20MB limit")
}

func TestCreate_AnAACTrackIsRefused(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 0)
	key := w.upload(ada.ID, media.ReleaseAudio, "audio/aac", mediatest.ADTS(43))
	w.refusesFile(ada, "audioFile", key, "Please upload MP3, WAV, or FLAC")
}

func TestCreate_ASubmissionNeedsAnIdempotencyKeyAndAReplayMovesNothing(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 50_000*money.Naira)
	body := w.single(ada, map[string]any{"promotionPackage": "standard"})
	if r := send(w.app, ada, "POST", "/api/distribution/releases", "", body); r.Status != http.StatusBadRequest || r.Message() != "Idempotency-Key header is required" {
		t.Fatalf("without a key: %d %s", r.Status, r.Raw)
	}
	key := uuid.NewString()
	first := send(w.app, ada, "POST", "/api/distribution/releases", key, body)
	again := send(w.app, ada, "POST", "/api/distribution/releases", key, body)
	if releaseOf(t, first, http.StatusCreated).ID != releaseOf(t, again, http.StatusCreated).ID || again.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("the replay is not the first answer: %s / %s", first.Raw, again.Raw)
	}
	if got := w.balance(ada); got != 0 {
		t.Errorf("wallet %v, want ₦0 (paid once)", got)
	}
	r := ada.JSON("GET", "/api/distribution/releases", nil)
	if strings.Count(string(r.Raw), `"status":"submitted"`) != 1 {
		t.Errorf("one release must be stored: %s", r.Raw)
	}
}

func TestCreate_AWalletThatCannotPayIs406AndStoresNothing(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 19_999*money.Naira)
	r := submitNew(w.app, ada, w.single(ada, map[string]any{"promotionPackage": "basic"}))
	if r.Status != http.StatusNotAcceptable || r.Message() != "Insufficient funds" {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	if got := w.balance(ada); got != 19_999*money.Naira {
		t.Errorf("wallet %v", got)
	}
	if r := ada.JSON("GET", "/api/distribution/releases", nil); !strings.Contains(string(r.Raw), `"releases":[]`) {
		t.Errorf("stored: %s", r.Raw)
	}
}

func TestDraft_IsSavedAtAnyStepUpdatedThenSubmitted(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 100_000*money.Naira)
	d := releaseOf(t, send(w.app, ada, "POST", "/api/distribution/releases", "", map[string]any{
		"draft": true, "hasDistributed": "no", "releaseType": "album", "numberOfTracks": 2,
		"tracks": []map[string]any{{"title": "Intro"}, {"title": ""}},
	}), http.StatusCreated)
	if d.Status != "draft" || d.SubmittedAt != nil {
		t.Fatalf("draft %+v", d)
	}
	if n := notes(t, ada); len(n) != 0 {
		t.Errorf("a draft notifies nobody: %q", n)
	}
	path := "/api/distribution/releases/" + d.ID
	got := fields(t, send(w.app, ada, "POST", path+"/submit", uuid.NewString(), nil))
	if got["tracks[1].title"] != "Track title is required" || got["coverArt"] != "Cover art is required" {
		t.Errorf("submitting an incomplete draft: %v", got)
	}

	// The next visit completes it: the files it holds come back by their new keys.
	body := w.album(ada, 2, map[string]any{"promotionPackage": "premium"})
	upd := releaseOf(t, send(w.app, ada, "PUT", path, "", body), http.StatusOK)
	f := upd.form(t)
	if upd.Status != "draft" || !strings.HasPrefix(f.CoverArt, "media/") || upd.Price != 100_000*money.Naira {
		t.Fatalf("updated %+v %+v", upd, f)
	}
	oldCover := f.CoverArt
	f.CoverArt = w.cover(ada) // a new cover replaces the old one, which is deleted
	upd = releaseOf(t, send(w.app, ada, "PUT", path, "", f), http.StatusOK)
	if f2 := upd.form(t); f2.CoverArt == oldCover || !strings.HasPrefix(f2.CoverArt, "media/") || f2.Tracks[0].AudioFile != f.Tracks[0].AudioFile {
		t.Errorf("after replacing the cover: %+v", f2)
	}
	if w.exists(oldCover) {
		t.Error("the replaced cover must be deleted")
	}

	key := uuid.NewString()
	sub := releaseOf(t, send(w.app, ada, "POST", path+"/submit", key, nil), http.StatusOK)
	if sub.Status != "submitted" || sub.Package != "premium" || sub.Price != 100_000*money.Naira {
		t.Fatalf("submitted %+v", sub)
	}
	if again := send(w.app, ada, "POST", path+"/submit", key, nil); again.Status != http.StatusOK || again.Header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("replayed submit: %d %s", again.Status, again.Raw)
	}
	if r := send(w.app, ada, "POST", path+"/submit", uuid.NewString(), nil); r.Status != http.StatusConflict {
		t.Errorf("submitting twice: %d %s", r.Status, r.Raw)
	}
	if r := send(w.app, ada, "PUT", path, "", f); r.Status != http.StatusConflict || r.Message() != "Only a draft can be changed" {
		t.Errorf("changing a submitted release: %d %s", r.Status, r.Raw)
	}
	if got := w.balance(ada); got != 0 {
		t.Errorf("wallet %v, want ₦0", got)
	}
}

func TestSubmit_ARaceOfSubmitsPaysOnce(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 200_000*money.Naira)
	d := releaseOf(t, send(w.app, ada, "POST", "/api/distribution/releases", "", w.single(ada, map[string]any{"draft": true, "promotionPackage": "standard"})), http.StatusCreated)
	const n = 8
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			statuses[i] = send(w.app, ada, "POST", "/api/distribution/releases/"+d.ID+"/submit", uuid.NewString(), nil).Status
		})
	}
	wg.Wait()
	ok := 0
	for _, s := range statuses {
		switch s {
		case http.StatusOK:
			ok++
		case http.StatusConflict:
		default:
			t.Errorf("status %d", s)
		}
	}
	if ok != 1 {
		t.Errorf("%d submits went through (%v), want 1", ok, statuses)
	}
	if got := w.balance(ada); got != 150_000*money.Naira {
		t.Errorf("wallet %v, want ₦150,000 (paid once)", got)
	}
	if held, _ := w.books(); held != 50_000*money.Naira {
		t.Errorf("held %v", held)
	}
}

func TestRelease_AnotherUsersReleaseIsNotFound(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ada, bo := w.user("ada_sings"), w.user("bo_beats")
	d := releaseOf(t, send(w.app, ada, "POST", "/api/distribution/releases", "", map[string]any{"draft": true, "title": "Mine"}), http.StatusCreated)
	path := "/api/distribution/releases/" + d.ID
	for _, r := range []struct{ method, path, key string }{
		{"GET", path, ""}, {"PUT", path, ""}, {"POST", path + "/submit", uuid.NewString()},
	} {
		var body any
		if r.method == "PUT" {
			body = map[string]any{"title": "Theirs"}
		}
		if got := send(w.app, bo, r.method, r.path, r.key, body); got.Status != http.StatusNotFound || got.Message() != "Release not found" {
			t.Errorf("%s %s: %d %s", r.method, r.path, got.Status, got.Raw)
		}
	}
	if r := bo.JSON("GET", "/api/distribution/releases", nil); !strings.Contains(string(r.Raw), `"releases":[]`) {
		t.Errorf("bo's list: %s", r.Raw)
	}
	if got := releaseOf(t, ada.JSON("GET", path, nil), http.StatusOK); got.form(t).Title != "Mine" {
		t.Errorf("ada's release changed: %+v", got)
	}
}

func TestList_IsNewestFirstAndFollowsNext(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 0)
	var ids []string
	for i := range 3 {
		d := releaseOf(t, send(w.app, ada, "POST", "/api/distribution/releases", "", map[string]any{"draft": true, "title": fmt.Sprint("R", i)}), http.StatusCreated)
		ids = append(ids, d.ID)
	}
	r := ada.JSON("GET", "/api/distribution/releases?limit=2", nil)
	first := string(r.Raw)
	if r.Status != http.StatusOK || strings.Index(first, ids[2]) > strings.Index(first, ids[1]) || strings.Contains(first, ids[0]) || !strings.Contains(first, `"total":3`) {
		t.Fatalf("page 1: %s", first)
	}
	next := r.Body["pagination"].(map[string]any)["next"].(string)
	r = ada.JSON("GET", "/api/distribution/releases?limit=2&page=2&cursor="+next, nil)
	if !strings.Contains(string(r.Raw), ids[0]) || !strings.Contains(string(r.Raw), `"hasNext":false`) {
		t.Errorf("page 2: %s", r.Raw)
	}
	if walked := ada.JSON("GET", "/api/distribution/releases?limit=2&page=2", nil); !strings.Contains(string(walked.Raw), ids[0]) ||
		strings.Contains(string(walked.Raw), ids[1]) {
		t.Errorf("page 2 without a cursor: %s", walked.Raw)
	}
	if past := ada.JSON("GET", "/api/distribution/releases?limit=2&page=3", nil); past.Status != 400 || past.Message() != "page must be between 1 and 2." {
		t.Errorf("page 3: %d %s", past.Status, past.Raw)
	}
}

// Review through to the end, and a rejection's refund, as the admin routes drive the store.
func TestReview_ApprovalMovesHeldToFeesAndRejectionRefundsInFull(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 150_000*money.Naira)
	one := releaseOf(t, submitNew(w.app, ada, w.single(ada, map[string]any{"promotionPackage": "standard", "title": "One"})), http.StatusCreated)
	two := releaseOf(t, submitNew(w.app, ada, w.single(ada, map[string]any{"promotionPackage": "premium", "title": "Two"})), http.StatusCreated)
	store := w.releases()
	ctx := context.Background()

	if _, _, err := store.Review(ctx, one.ID, nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := store.Approve(ctx, one.ID, nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := store.Approve(ctx, one.ID, nil); err == nil || !strings.Contains(err.Error(), "An approved release cannot be approved") {
		t.Errorf("approving twice: %v", err)
	}
	if _, _, err := store.Deliver(ctx, one.ID, nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := store.Reject(ctx, two.ID, "  ", nil); err == nil {
		t.Error("a rejection needs a reason")
	}
	if _, _, err := store.Reject(ctx, two.ID, "The cover has a web address on it.", nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := store.Reject(ctx, two.ID, "again", nil); err == nil {
		t.Error("rejecting twice must be refused")
	}
	held, fees := w.books()
	if held != 0 || fees != 50_000*money.Naira {
		t.Errorf("held %v fees %v, want 0 and ₦50,000", held, fees)
	}
	if got := w.balance(ada); got != 100_000*money.Naira {
		t.Errorf("wallet %v, want ₦100,000 (premium refunded)", got)
	}
	got := releaseOf(t, ada.JSON("GET", "/api/distribution/releases/"+two.ID, nil), http.StatusOK)
	if got.Status != "rejected" || got.Reason != "The cover has a web address on it." {
		t.Errorf("rejected release %+v", got)
	}
	n := notes(t, ada)
	for _, want := range []string{
		`Your release "One" is being reviewed.`, `Your release "One" was approved.`,
		`Your release "One" was delivered to the platforms.`,
		`Your release "Two" was rejected: The cover has a web address on it. Your ₦100,000.00 was refunded.`,
	} {
		if !contains(n, want) {
			t.Errorf("no notification %q in %q", want, n)
		}
	}
}

// The caller's items (an admin's audit entry) are written in the change's own transaction: when
// one cannot be written, neither the status nor the money moves.
func TestReview_TheCallersItemsShareTheChangesTransaction(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 20_000*money.Naira)
	v := releaseOf(t, submitNew(w.app, ada, w.single(ada, map[string]any{"promotionPackage": "basic"})), http.StatusCreated)
	store := w.releases()
	var sawBefore, sawAfter release.Status
	failing := func(before, after release.Release) ([]types.TransactWriteItem, error) {
		sawBefore, sawAfter = before.Status, after.Status
		return []types.TransactWriteItem{{ConditionCheck: &types.ConditionCheck{
			TableName: aws.String(schema.Posts.Name), ConditionExpression: aws.String("attribute_exists(pk)"),
			Key: map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: "NOPE"}, "sk": &types.AttributeValueMemberS{Value: "NOPE"}},
		}}}, nil
	}
	if _, _, err := store.Approve(context.Background(), v.ID, failing); err == nil {
		t.Fatal("an approval whose audit item fails must fail")
	}
	if sawBefore != release.Submitted || sawAfter != release.Approved {
		t.Errorf("with saw %s → %s", sawBefore, sawAfter)
	}
	if held, fees := w.books(); held != 20_000*money.Naira || fees != 0 {
		t.Errorf("held %v fees %v: money moved", held, fees)
	}
	if got := releaseOf(t, ada.JSON("GET", "/api/distribution/releases/"+v.ID, nil), http.StatusOK); got.Status != "submitted" {
		t.Errorf("status %s", got.Status)
	}
}

// A file a draft holds stays in a field of its kind: its track cannot become its cover.
func TestDraft_AHeldFileCannotMoveToAFieldOfAnotherKind(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 0)
	d := releaseOf(t, send(w.app, ada, "POST", "/api/distribution/releases", "", w.single(ada, map[string]any{"draft": true})), http.StatusCreated)
	f := d.form(t)
	f.CoverArt = f.AudioFile
	got := fields(t, send(w.app, ada, "PUT", "/api/distribution/releases/"+d.ID, "", f))
	if len(got) != 1 || got["coverArt"] != release.MsgCoverGone {
		t.Errorf("fields %v", got)
	}
}

// The same submission sent several times at once (a double click, a retry on a slow network)
// stores one release and charges once; every copy gets the first answer.
func TestCreate_TheSameKeyAtOnceStoresOneReleaseAndChargesOnce(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 100_000*money.Naira)
	body := w.single(ada, map[string]any{"promotionPackage": "basic"})
	key := uuid.NewString()
	const n = 5
	answers := make([]view, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			r := send(w.app, ada, "POST", "/api/distribution/releases", key, body)
			if r.Status != http.StatusCreated {
				t.Errorf("copy %d: %d %s", i, r.Status, r.Raw)
				return
			}
			answers[i] = releaseOf(t, r, http.StatusCreated)
		})
	}
	wg.Wait()
	for _, a := range answers[1:] {
		if a.ID != answers[0].ID {
			t.Errorf("ids %s and %s", a.ID, answers[0].ID)
		}
	}
	if got := w.balance(ada); got != 80_000*money.Naira {
		t.Errorf("wallet %v, want ₦80,000 (charged once)", got)
	}
}

func TestDraft_AnAlbumOfFifteenTracksWithLongLyricsIsKept(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 0)
	lyrics := strings.TrimSpace(strings.Repeat("la ", release.MaxLyrics/3)) // 9,998 characters a track
	tracks := make([]map[string]any, release.MaxTracks)
	for i := range tracks {
		tracks[i] = map[string]any{"title": fmt.Sprintf("Track %d", i+1), "lyrics": lyrics}
	}
	d := releaseOf(t, send(w.app, ada, "POST", "/api/distribution/releases", "", map[string]any{
		"draft": true, "releaseType": "album", "numberOfTracks": release.MaxTracks, "tracks": tracks,
	}), http.StatusCreated)
	path := "/api/distribution/releases/" + d.ID
	got := releaseOf(t, send(w.app, ada, "GET", path, "", nil), http.StatusOK).form(t)
	if len(got.Tracks) != release.MaxTracks || got.Tracks[14].Lyrics != lyrics {
		t.Fatalf("kept %d tracks, the last with %d characters of lyrics", len(got.Tracks), len(got.Tracks[len(got.Tracks)-1].Lyrics))
	}

	tooBig := map[string]any{"draft": true, "releaseType": "album", "lyrics": strings.Repeat("x", release.MaxBody)}
	if r := send(w.app, ada, "POST", "/api/distribution/releases", "", tooBig); r.Status != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over release.MaxBody: %d %s", r.Status, r.Raw)
	}
}

// Tries of one submission at once (a client retrying while its first try still runs): the tries
// that find the release submitted and the package paid get the first try's 200, not 409.
func TestSubmit_TriesOfOneKeyAtOnceAllGetTheFirstAnswer(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ada := w.user("ada_sings")
	w.deposit(ada, 20_000*money.Naira)
	draft := w.single(ada, map[string]any{"draft": true, "promotionPackage": "basic"})
	d := releaseOf(t, send(w.app, ada, "POST", "/api/distribution/releases", "", draft), http.StatusCreated)
	key := uuid.NewString()
	apptest.OneAnswer(t, apptest.AtOnce(6, func() apptest.Response {
		return send(w.app, ada, "POST", "/api/distribution/releases/"+d.ID+"/submit", key, nil)
	}), http.StatusOK)
	if got := w.balance(ada); got != 0 {
		t.Errorf("wallet %v, want 0 (the package paid once)", got)
	}
}
