package user_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/localstack/apptest"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

func follow(m apptest.User, id string, on bool) apptest.Response {
	return m.JSON("POST", "/api/user/follow", map[string]any{"profileId": id, "follow": on})
}

// followedBy signs up n fans (fan00, fan01, …), each following star.
func followedBy(t *testing.T, app *apptest.App, star apptest.User, n int) []apptest.User {
	t.Helper()
	var fans []apptest.User
	for i := range n {
		f := app.SignedIn(t, fmt.Sprintf("fan%02d", i))
		if r := follow(f, star.ID, true); r.Status != 200 {
			t.Fatal(r.Message())
		}
		fans = append(fans, f)
	}
	return fans
}

func count(r apptest.Response, field string) int {
	n, _ := r.Body[field].(float64)
	return int(n)
}

func listNames(r apptest.Response, field string) []string {
	out := []string{}
	list, _ := r.Body[field].([]any)
	for _, e := range list {
		m, _ := e.(map[string]any)
		s, _ := m["username"].(string)
		out = append(out, s)
	}
	return out
}

func TestFollow_FollowUnfollowAndRepeatsThroughTheAPI(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, bola := app.SignedIn(t, "ada"), app.SignedIn(t, "bola")
	steps := []struct {
		on      bool
		msg     string
		changed bool
		count   int
	}{
		{true, "Followed successfully.", true, 1},
		{true, "No changes made (already followed/unfollowed).", false, 1},
		{false, "Unfollowed successfully.", true, 0},
		{false, "No changes made (already followed/unfollowed).", false, 0},
		{true, "Followed successfully.", true, 1},
	}
	for i, s := range steps {
		r := follow(ada, bola.ID, s.on)
		if r.Status != http.StatusOK || r.Message() != s.msg || r.Body["changed"] != s.changed {
			t.Fatalf("step %d: %d %s", i+1, r.Status, r.Raw)
		}
		b := app.Client(t).JSON("GET", "/api/user/profile/"+bola.ID, nil)
		if count(b, "followers_count") != s.count || len(listNames(b, "followers_list")) != s.count {
			t.Fatalf("step %d: bola %s", i+1, b.Raw)
		}
		a := ada.JSON("GET", "/api/user/profile", nil)
		if count(a, "following_count") != s.count || len(listNames(a, "following_list")) != s.count {
			t.Fatalf("step %d: ada %s", i+1, a.Raw)
		}
	}
	own := bola.JSON("GET", "/api/user/profile", nil)
	if got := listNames(own, "followers_list"); !slices.Equal(got, []string{"ada"}) {
		t.Fatalf("bola's own followers_list: %s", own.Raw)
	}
	// Two follows the same day: one FOLLOW notification for bola; the unfollow sent none.
	notes := bola.JSON("GET", "/api/notifications", nil)
	list, _ := notes.Body["notifications"].([]any)
	if notes.Status != 200 || len(list) != 1 {
		t.Fatalf("bola's notifications: %s", notes.Raw)
	}
	first := list[0].(map[string]any)
	if first["type"] != "FOLLOW" || first["name"] != "ada" || first["message"] != "ada started following you." || first["action_user_id"] != ada.ID {
		t.Fatalf("follow notification: %v", first)
	}
	if n := ada.JSON("GET", "/api/notifications", nil); len(n.Body["notifications"].([]any)) != 0 {
		t.Fatalf("the follower was notified: %s", n.Raw)
	}
}

func TestFollow_RefusalsKeepTheirStatusAndMessage(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, gone := app.SignedIn(t, "ada"), app.SignedIn(t, "gone")
	if err := profile.NewStore(app.Cloud.DynamoDB, schema.Users.Name).SetDeactivated(context.Background(), gone.ID, true); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		c      *apptest.Client
		body   any
		status int
		msg    string
	}{
		{"no session", app.Client(t), map[string]any{"profileId": ada.ID, "follow": true}, 401, "Unauthorized: Invalid or missing token"},
		{"self", ada.Client, map[string]any{"profileId": ada.ID, "follow": true}, 406, "You cannot follow yourself."},
		{"self unfollow", ada.Client, map[string]any{"profileId": ada.ID, "follow": false}, 406, "You cannot follow yourself."},
		{"unknown", ada.Client, map[string]any{"profileId": "00000000-0000-0000-0000-000000000000", "follow": true}, 404, "Profile ID does not exist."},
		{"unknown unfollow", ada.Client, map[string]any{"profileId": "00000000-0000-0000-0000-000000000000", "follow": false}, 404, "Profile ID does not exist."},
		{"deactivated", ada.Client, map[string]any{"profileId": gone.ID, "follow": true}, 404, "Profile ID does not exist."},
		{"no profileId", ada.Client, map[string]any{"follow": true}, 400, "Validation error: Please check your input"},
		{"blank profileId", ada.Client, map[string]any{"profileId": "  ", "follow": true}, 400, "Validation error: Please check your input"},
		{"no follow", ada.Client, map[string]any{"profileId": gone.ID}, 400, "Validation error: Please check your input"},
		{"follow as text", ada.Client, `{"profileId":"x","follow":"yes"}`, 400, "Validation error: Please check your input"},
		{"malformed", ada.Client, `{"profileId":`, 400, "Malformed JSON body."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.c.JSON("POST", "/api/user/follow", tc.body)
			if r.Status != tc.status || r.Message() != tc.msg {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
		})
	}
	if r := ada.JSON("POST", "/api/user/follow", `{"profileId":"x","follow":"yes"}`); r.FieldErrors()["follow"] == "" {
		t.Fatalf("a wrong type names its field: %s", r.Raw)
	}
	if a := ada.JSON("GET", "/api/user/profile", nil); count(a, "following_count") != 0 {
		t.Fatalf("a refusal changed the count: %s", a.Raw)
	}
}

// concurrently sends each apptest.User's follow request at once and returns the statuses and messages.
func concurrently(t *testing.T, app *apptest.App, fans []apptest.User, target string, on bool) []string {
	t.Helper()
	out := make([]string, len(fans))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, f := range fans {
		wg.Go(func() {
			body, _ := json.Marshal(map[string]any{"profileId": target, "follow": on})
			req, _ := http.NewRequest("POST", app.URL("/api/user/follow"), bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+f.Token)
			<-start
			res, err := f.HTTP.Do(req)
			if err != nil {
				out[i] = err.Error()
				return
			}
			defer res.Body.Close()
			raw, _ := io.ReadAll(res.Body)
			var b struct{ Message string }
			_ = json.Unmarshal(raw, &b)
			out[i] = fmt.Sprintf("%d %s", res.StatusCode, b.Message)
		})
	}
	close(start)
	wg.Wait()
	return out
}

func followerEdges(t *testing.T, app *apptest.App, id string) int {
	t.Helper()
	out, err := app.Cloud.DynamoDB.Query(context.Background(), &dynamodb.QueryInput{
		TableName: aws.String(schema.Users.Name), KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :p)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: "USER#" + id}, ":p": &types.AttributeValueMemberS{Value: "FOLLOWER#"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return len(out.Items)
}

func TestFollow_25UsersAtOnceCountExactly(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	star := app.SignedIn(t, "star")
	var fans []apptest.User
	for i := range 25 {
		fans = append(fans, app.SignedIn(t, fmt.Sprintf("fan%02d", i)))
	}
	check := func(step string, followers int) {
		t.Helper()
		p := app.Client(t).JSON("GET", "/api/user/profile/"+star.ID, nil)
		if count(p, "followers_count") != followers || followerEdges(t, app, star.ID) != followers {
			t.Fatalf("%s: count %d, %d edges, want %d", step, count(p, "followers_count"), followerEdges(t, app, star.ID), followers)
		}
	}
	for _, step := range []struct {
		name      string
		on        bool
		want      string
		followers int
	}{
		{"all follow", true, "200 Followed successfully.", 25},
		{"all repeat", true, "200 No changes made (already followed/unfollowed).", 25},
		{"all unfollow", false, "200 Unfollowed successfully.", 0},
	} {
		got := concurrently(t, app, fans, star.ID, step.on)
		for i, g := range got {
			if g != step.want {
				t.Fatalf("%s: fan%02d got %q", step.name, i, g)
			}
		}
		check(step.name, step.followers)
	}
	for _, f := range fans[:3] {
		if p := f.JSON("GET", "/api/user/profile", nil); count(p, "following_count") != 0 {
			t.Fatalf("a fan's following_count: %s", p.Raw)
		}
	}
}

func TestUserPaths_OnePatternDispatchesProfilesAndLists(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada := app.SignedIn(t, "ada")
	anon := app.Client(t)
	cases := []struct {
		path   string
		status int
		has    string
	}{
		{"/api/user/profile/" + ada.ID, 200, `"username":"ada"`},
		{"/api/user/" + ada.ID + "/followers", 200, `"users":[]`},
		{"/api/user/" + ada.ID + "/following", 200, `"pagination":`},
		{"/api/user/" + ada.ID + "/likes", 404, `"message":"Route not found."`},
		{"/api/user/profile/nobody", 404, `"message":"Profile not found"`},
		{"/api/user/nobody/followers", 404, `"message":"Profile not found"`},
		{"/api/user/nobody/following", 404, `"message":"Profile not found"`},
		{"/api/user/" + ada.ID + "/followers/extra", 404, `"message":"Route not found."`},
		{"/api/user/followers", 404, `"message":"Route not found."`},
	}
	for _, tc := range cases {
		r := anon.JSON("GET", tc.path, nil)
		if r.Status != tc.status || !strings.Contains(string(r.Raw), tc.has) {
			t.Errorf("GET %s: %d %s", tc.path, r.Status, r.Raw)
		}
	}
	if r := anon.JSON("POST", "/api/user/"+ada.ID+"/followers", nil); r.Status != 404 {
		t.Errorf("POST to a list: %d %s", r.Status, r.Raw)
	}
}

func TestFollowLists_PageInUserIDOrderWithTotalsAndCursors(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	star := app.SignedIn(t, "star")
	var ids []string
	for _, f := range followedBy(t, app, star, 12) {
		ids = append(ids, f.ID)
	}
	if r := follow(star, ids[0], true); r.Status != 200 {
		t.Fatal(r.Message())
	}
	sort.Strings(ids)
	anon := app.Client(t)
	var got []string
	next, page := "", 1
	for {
		path := "/api/user/" + star.ID + "/followers?limit=5"
		if next != "" {
			path += fmt.Sprintf("&cursor=%s&page=%d", next, page)
		}
		r := anon.JSON("GET", path, nil)
		pg, _ := r.Body["pagination"].(map[string]any)
		if r.Status != 200 || pg["total"] != 12.0 || pg["totalPages"] != 3.0 || pg["currentPage"] != float64(page) || pg["hasPrev"] != (page > 1) {
			t.Fatalf("page %d: %s", page, r.Raw)
		}
		users, _ := r.Body["users"].([]any)
		for _, u := range users {
			m := u.(map[string]any)
			got = append(got, m["id"].(string))
			if _, ok := m["image"]; !ok || m["username"] == "" {
				t.Fatalf("user entry %v", m)
			}
		}
		walked := anon.JSON("GET", fmt.Sprintf("/api/user/%s/followers?limit=5&page=%d", star.ID, page), nil)
		if !slices.Equal(listNames(walked, "users"), listNames(r, "users")) {
			t.Fatalf("page %d walked %s, by cursor %s", page, walked.Raw, r.Raw)
		}
		n, _ := pg["next"].(string)
		if (n != "") != pg["hasNext"] {
			t.Fatalf("next and hasNext disagree: %s", r.Raw)
		}
		if n == "" {
			break
		}
		next, page = n, page+1
	}
	if page != 3 || !slices.Equal(got, ids) {
		t.Fatalf("%d pages, ids %v, want %v", page, got, ids)
	}
	following := anon.JSON("GET", "/api/user/"+star.ID+"/following", nil)
	if pg := following.Body["pagination"].(map[string]any); pg["total"] != 1.0 || pg["hasNext"] != false || pg["next"] != nil ||
		!slices.Equal(listNames(following, "users"), []string{"fan00"}) {
		t.Fatalf("following: %s", following.Raw)
	}
	for path, msg := range map[string]string{
		"/api/user/" + star.ID + "/followers?limit=0":            "limit must be between 1 and 50.",
		"/api/user/" + star.ID + "/followers?limit=51":           "limit must be between 1 and 50.",
		"/api/user/" + star.ID + "/followers?cursor=bm90LWpzb24": "Invalid cursor.",
		"/api/user/" + ids[0] + "/followers?cursor=" + next:      "Invalid cursor.",
		"/api/user/" + star.ID + "/following?cursor=" + next:     "Invalid cursor.",
		"/api/user/" + star.ID + "/followers?page=0":             "page must be a positive number.",
	} {
		if r := anon.JSON("GET", path, nil); r.Status != 400 || r.Message() != msg {
			t.Errorf("%s: %d %s", path, r.Status, r.Raw)
		}
	}
}

func TestProfiles_CarryTheFirstTenOfEachListAndIsFollowingForSignedInViewers(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	star := app.SignedIn(t, "star")
	fans := followedBy(t, app, star, 11)
	// A follower's picture appears as a URL in the lists.
	if r := put(t, fans[0].Client, app, nil, map[string][]byte{"image": pngBytes(t, 16, 16)}); r.Status != 200 {
		t.Fatalf("picture: %s", r.Raw)
	}
	r := app.Client(t).JSON("GET", "/api/user/profile/"+star.ID, nil)
	list, _ := r.Body["followers_list"].([]any)
	if count(r, "followers_count") != 11 || len(list) != 10 {
		t.Fatalf("public profile: %s", r.Raw)
	}
	var ids []string
	for _, e := range list {
		m := e.(map[string]any)
		ids = append(ids, m["id"].(string))
		if m["id"] == fans[0].ID && !strings.HasPrefix(m["image"].(string), "/public/profiles/"+fans[0].ID+"/") {
			t.Fatalf("image not a URL: %v", m)
		}
	}
	if !slices.IsSorted(ids) {
		t.Fatalf("not in user id order: %v", ids)
	}
	if _, ok := r.Body["is_following"]; ok {
		t.Fatalf("anonymous viewers get no is_following: %s", r.Raw)
	}
	bad := app.Client(t)
	bad.Token = "not-a-token"
	if r := bad.JSON("GET", "/api/user/profile/"+star.ID, nil); r.Status != 200 || r.Body["is_following"] != nil {
		t.Fatalf("a stale token reads the public profile anonymously: %d %s", r.Status, r.Raw)
	}
	if r := fans[1].JSON("GET", "/api/user/profile/"+star.ID, nil); r.Body["is_following"] != true {
		t.Fatalf("a follower: %s", r.Raw)
	}
	if r := star.JSON("GET", "/api/user/profile/"+fans[1].ID, nil); r.Body["is_following"] != false {
		t.Fatalf("not following: %s", r.Raw)
	}
	if r := star.JSON("GET", "/api/user/profile/"+star.ID, nil); r.Body["is_following"] != nil || r.Body["email"] != nil {
		t.Fatalf("own id by the public path: %s", r.Raw)
	}
	if r := star.JSON("GET", "/api/user/profile", nil); len(listNames(r, "followers_list")) != 10 || r.Body["is_following"] != nil {
		t.Fatalf("own profile: %s", r.Raw)
	}
	if r := put(t, star.Client, app, map[string]string{"bio": "hi"}, nil); len(listNames(r, "followers_list")) != 10 {
		t.Fatalf("an edited profile keeps its lists: %s", r.Raw)
	}
}
