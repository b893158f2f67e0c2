package search_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

// user is a signed-in test user.
type user struct {
	*apptest.Client
	ID string
}

type world struct {
	t   *testing.T
	app *apptest.App
}

func start(t *testing.T) *world { return &world{t: t, app: apptest.Start(t, nil)} }

// user signs up username, then names them first and last (through the profile edit).
func (w *world) user(username, first, last string) user {
	w.t.Helper()
	c := w.app.Client(w.t)
	id := w.app.NewUser(w.t, c, username).Body["profile"].(map[string]any)["id"].(string)
	u := user{Client: c, ID: id}
	w.rename(u, first, last)
	return u
}

// rename changes u's first and last names through PUT /api/user/profile.
func (w *world) rename(u user, first, last string) {
	w.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("firstname", first)
	_ = mw.WriteField("lastname", last)
	_ = mw.Close()
	req, _ := http.NewRequest("PUT", w.app.URL("/api/user/profile"), &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if r := u.Do(req); r.Status != http.StatusOK {
		w.t.Fatalf("rename %s: %d %s", u.ID, r.Status, r.Raw)
	}
}

func (w *world) upload(owner string, kind media.Kind, contentType string, body []byte) string {
	w.t.Helper()
	key := media.UserPrefix(owner, kind) + uuid.NewString()
	if _, err := w.app.Cloud.S3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: aws.String(key), Body: bytes.NewReader(body), ContentType: aws.String(contentType),
	}); err != nil {
		w.t.Fatal(err)
	}
	return key
}

// post creates a post of kind (audio, video, beat) by u and returns its id.
func (w *world) post(u user, kind, caption string, extra map[string]any) string {
	w.t.Helper()
	body := map[string]any{"caption": caption}
	switch kind {
	case "audio":
		body["audio_upload"] = w.upload(u.ID, media.Audio, "audio/wav", mediatest.WAV(1))
	case "video":
		body["video_upload"] = w.upload(u.ID, media.Video, "video/mp4", mediatest.MP4("isom", 2, 0, false))
	case "beat":
		body["audio_upload"] = w.upload(u.ID, media.Audio, "audio/wav", mediatest.WAV(25))
		body["cover_photo"] = w.upload(u.ID, media.Image, "image/png", mediatest.PNG())
		body["description"], body["amount"], body["total_supply"] = "Hard drums.", 5000, 10
	}
	for k, v := range extra {
		body[k] = v
	}
	r := u.JSON("POST", "/api/"+kind+"/create", body)
	if r.Status != http.StatusCreated {
		w.t.Fatalf("create %s %q: %d %s", kind, caption, r.Status, r.Raw)
	}
	return r.Body["post"].(map[string]any)["id"].(string)
}

// found is one search page: the usernames of its people, "kind:caption" of its posts, and the
// next cursor ("" on the last page).
type found struct {
	people, posts []string
	next          string
}

func search(t *testing.T, u user, q, typ, cursor string, limit int) found {
	t.Helper()
	v := url.Values{"q": {q}}
	if typ != "" {
		v.Set("type", typ)
	}
	if cursor != "" {
		v.Set("cursor", cursor)
	}
	if limit > 0 {
		v.Set("limit", itoa(limit))
	}
	r := u.JSON("GET", "/api/search?"+v.Encode(), nil)
	if r.Status != http.StatusOK {
		t.Fatalf("search %q: %d %s", q, r.Status, r.Raw)
	}
	var f found
	for _, p := range r.Body["people"].([]any) {
		f.people = append(f.people, p.(map[string]any)["username"].(string))
	}
	for _, p := range r.Body["posts"].([]any) {
		m := p.(map[string]any)
		f.posts = append(f.posts, m["kind"].(string)+":"+m["caption"].(string))
	}
	f.next, _ = r.Body["pagination"].(map[string]any)["next"].(string)
	return f
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func same(got []string, want ...string) bool {
	return slices.Equal(got, want) || len(got) == 0 && len(want) == 0
}

func TestSearch_DiacriticsAndCaseMeetBothWays(t *testing.T) {
	t.Parallel()
	w := start(t)
	ola := w.user("ola_sings", "Ọlá", "Adéyẹmí")
	plain := w.user("olamide_x", "Olamide", "Bello")
	me := w.user("searcher", "Chidi", "Okafor")
	w.post(ola, "audio", "ỌLÁ ní ilé", nil)
	w.post(plain, "audio", "Ola on the road", nil)
	for _, q := range []string{"ọla", "Ola", "ỌLÁ", "ola"} {
		f := search(t, me, q, "", "", 0)
		if !same(f.posts, "audio:Ola on the road", "audio:ỌLÁ ní ilé") {
			t.Errorf("%q posts: %v", q, f.posts)
		}
		slices.Sort(f.people)
		if !same(f.people, "ola_sings", "olamide_x") {
			t.Errorf("%q people: %v", q, f.people)
		}
	}
	if f := search(t, me, "adeyemi", "people", "", 0); !same(f.people, "ola_sings") || f.posts != nil {
		t.Errorf("full name without marks: %+v", f)
	}
	if f := search(t, me, "Adéyẹmí", "people", "", 0); !same(f.people, "ola_sings") {
		t.Errorf("full name with marks: %+v", f)
	}
}

func TestSearch_MatchesWordPrefixesOfCaptionAndArtist(t *testing.T) {
	t.Parallel()
	w := start(t)
	tems := w.user("tems", "Temilade", "Openiyi")
	me := w.user("searcher", "Chidi", "Okafor")
	w.post(tems, "audio", "Temilade's new one", nil)
	w.post(tems, "video", "Behind the scenes", nil)
	cases := map[string][]string{
		"tems":            {"video:Behind the scenes", "audio:Temilade's new one"}, // by artist
		"temil":           {"audio:Temilade's new one"},
		"temilade":        {"audio:Temilade's new one"},
		"TEMILADE'S new":  {"audio:Temilade's new one"},
		"scen beh":        {"video:Behind the scenes"},
		"cenes":           nil, // not a word's beginning
		"temilade behind": nil, // every word must match
	}
	for q, want := range cases {
		if f := search(t, me, q, "", "", 0); !same(f.posts, want...) {
			t.Errorf("%q: %v, want %v", q, f.posts, want)
		}
	}
	if f := search(t, me, "tems", "videos", "", 0); !same(f.posts, "video:Behind the scenes") || f.people != nil {
		t.Errorf("videos only: %+v", f)
	}
	if f := search(t, me, "tems", "tracks", "", 0); !same(f.posts, "audio:Temilade's new one") {
		t.Errorf("tracks only: %+v", f)
	}
}

func TestSearch_ShortQueriesAndBadParametersAreRefused(t *testing.T) {
	t.Parallel()
	w := start(t)
	me := w.user("searcher", "Chidi", "Okafor")
	for _, c := range []struct{ query, msg string }{
		{"q=ad", "Type at least 3 letters to search."},
		{"q=a+b+c", "Type at least 3 letters to search."},
		{"q=", "Type at least 3 letters to search."},
		{"q=" + strings.Repeat("a", 101), "Search text must be at most 100 characters."},
		{"q=ada&type=songs", "type must be all, people, tracks, videos or beats."},
		{"q=ada&cursor=garbage", "Invalid cursor."},
	} {
		r := me.JSON("GET", "/api/search?"+c.query, nil)
		if r.Status != http.StatusBadRequest || r.Message() != c.msg {
			t.Errorf("%s: %d %s", c.query, r.Status, r.Raw)
		}
	}
	// A cursor is bound to its query and type.
	w.user("chidi_two", "Chidi", "Eze")
	f := search(t, me, "chidi", "people", "", 1)
	if f.next == "" {
		t.Fatalf("two Chidis, one a page: no next")
	}
	if r := me.JSON("GET", "/api/search?q=okafor&type=people&cursor="+f.next, nil); r.Status != http.StatusBadRequest {
		t.Errorf("cursor of another query: %d %s", r.Status, r.Raw)
	}
	if r := me.JSON("GET", "/api/search?q=ada", nil); r.Status != http.StatusOK {
		t.Errorf("plain: %d", r.Status)
	}
	anon := w.app.Client(t)
	if r := anon.JSON("GET", "/api/search?q=ada", nil); r.Status != http.StatusUnauthorized {
		t.Errorf("no session: %d", r.Status)
	}
}

func TestSearch_RenamedUserIsFoundByTheNewNameOnly(t *testing.T) {
	t.Parallel()
	w := start(t)
	u := w.user("quiet_one", "Babatunde", "Kolawole")
	me := w.user("searcher", "Chidi", "Okafor")
	if f := search(t, me, "babatunde", "people", "", 0); !same(f.people, "quiet_one") {
		t.Fatalf("before: %v", f.people)
	}
	w.rename(u, "Folasade", "Kolawole")
	if f := search(t, me, "babatunde", "people", "", 0); f.people != nil {
		t.Errorf("old name still finds: %v", f.people)
	}
	if f := search(t, me, "fola", "people", "", 0); !same(f.people, "quiet_one") {
		t.Errorf("new name: %v", f.people)
	}
	if f := search(t, me, "kolawole", "people", "", 0); !same(f.people, "quiet_one") {
		t.Errorf("unchanged last name: %v", f.people)
	}
}

func TestSearch_DeletedPostsAndPrivateVideosAreNotFound(t *testing.T) {
	t.Parallel()
	w := start(t)
	kel := w.user("kel_beats", "Kelechi", "Obi")
	me := w.user("searcher", "Chidi", "Okafor")
	song := w.post(kel, "audio", "Harmattan groove", nil)
	w.post(kel, "video", "Harmattan secret take", map[string]any{"public": false})
	beat := w.post(kel, "beat", "Harmattan drill", nil)
	if f := search(t, me, "harmattan", "", "", 0); !same(f.posts, "beat:Harmattan drill", "audio:Harmattan groove") {
		t.Fatalf("before: %v", f.posts)
	}
	if f := search(t, kel, "secret", "", "", 0); f.posts != nil {
		t.Errorf("a private video is found, even by its owner: %v", f.posts)
	}
	for _, del := range []string{"/api/audio/" + song, "/api/beat/" + beat} {
		if r := kel.JSON("DELETE", del, nil); r.Status != http.StatusOK {
			t.Fatalf("delete %s: %d %s", del, r.Status, r.Raw)
		}
	}
	if f := search(t, me, "harmattan", "", "", 0); f.posts != nil {
		t.Errorf("deleted posts found: %v", f.posts)
	}
	// Their token items went with them (only the private video's would be left, and it has none).
	for _, token := range []string{"har", "harmat", "gro", "dri", "kel"} {
		out, err := w.app.Cloud.DynamoDB.Query(context.Background(), &dynamodb.QueryInput{
			TableName: aws.String(schema.Posts.Name), KeyConditionExpression: aws.String("pk = :pk"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: "SEARCH#" + token}},
		})
		if err != nil || len(out.Items) != 0 {
			t.Errorf("token %s: %v items left (%v)", token, len(out.Items), err)
		}
	}
}

func TestSearch_BeatShowsItsPreviewOnly(t *testing.T) {
	t.Parallel()
	w := start(t)
	kel := w.user("kel_beats", "Kelechi", "Obi")
	me := w.user("searcher", "Chidi", "Okafor")
	w.post(kel, "beat", "Lagos drill", nil)
	r := me.JSON("GET", "/api/search?q=lagos&type=beats", nil)
	posts, _ := r.Body["posts"].([]any)
	if r.Status != http.StatusOK || len(posts) != 1 {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	b := posts[0].(map[string]any)
	if b["audio_upload"] != b["preview_url"] || b["preview_url"] == "" {
		t.Errorf("a buyer-to-be hears more than the preview: audio %v, preview %v", b["audio_upload"], b["preview_url"])
	}
}

func TestSearch_DeactivatedAccountsAndTheirPostsAreHidden(t *testing.T) {
	t.Parallel()
	w := start(t)
	gone := w.user("gone_girl", "Amaka", "Nwosu")
	w.post(gone, "audio", "Amaka's last song", nil)
	me := w.user("searcher", "Chidi", "Okafor")
	if f := search(t, me, "amaka", "", "", 0); len(f.people) != 1 || len(f.posts) != 1 {
		t.Fatalf("before: %+v", f)
	}
	if err := profile.NewStore(w.app.Cloud.DynamoDB, schema.Users.Name).SetDeactivated(context.Background(), gone.ID, true); err != nil {
		t.Fatal(err)
	}
	if f := search(t, me, "amaka", "", "", 0); f.people != nil || f.posts != nil {
		t.Errorf("deactivated: %+v", f)
	}
}

func TestSearch_PagesFollowTheCursorWithoutDuplicates(t *testing.T) {
	t.Parallel()
	w := start(t)
	me := w.user("searcher", "Chidi", "Okafor")
	var want []string
	for i := range 7 {
		u := w.user("zara_"+itoa(i), "Zainab", "Musa")
		caption := "Zaria nights " + itoa(i)
		w.post(u, "audio", caption, nil)
		want = append([]string{"audio:" + caption}, want...)
	}
	w.post(me, "audio", "Zaria is far", nil) // a word after "zaria nights" that only matches one word
	var posts, people []string
	cursor, pages := "", 0
	for {
		f := search(t, me, "zaria nig", "", cursor, 3)
		posts, people = append(posts, f.posts...), append(people, f.people...)
		if pages++; f.next == "" || pages > 10 {
			break
		}
		cursor = f.next
	}
	if !slices.Equal(posts, want) || people != nil {
		t.Errorf("posts over %d pages: %v, want %v (people %v)", pages, posts, want, people)
	}
	seen := map[string]bool{}
	cursor = ""
	for range 10 {
		f := search(t, me, "zainab", "people", cursor, 2)
		for _, p := range f.people {
			if seen[p] {
				t.Errorf("%s twice", p)
			}
			seen[p] = true
		}
		if cursor = f.next; cursor == "" {
			break
		}
	}
	if len(seen) != 7 {
		t.Errorf("people over the pages: %v", seen)
	}
}

// The samples in events/search are what `make invoke` replays.
func TestEvents_SearchSamplesThroughTheLambdaAdapter(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	app.ReplayAnswers(t, "search", "events/search/people-no-session.json", 401, apptest.NoSession)
}
