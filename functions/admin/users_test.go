package admin_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
)

// usernamesOf are the usernames of a user list's page.
func usernamesOf(r apptest.Response) []string {
	var out []string
	list, _ := r.Body["users"].([]any)
	for _, e := range list {
		out = append(out, e.(map[string]any)["username"].(string))
	}
	return out
}

// audioPost creates an audio post by u with caption and returns its id.
func audioPost(t *testing.T, app *apptest.App, u apptest.User, caption string) string {
	t.Helper()
	key := app.Upload(t, u.ID, media.Audio, "audio/wav", mediatest.WAV(1))
	r := expect(t, u.JSON("POST", "/api/audio/create", map[string]any{"caption": caption, "audio_upload": key, "spotify": "https://open.spotify.com/track/x"}), http.StatusCreated, "", "create audio")
	return r.Body["post"].(map[string]any)["id"].(string)
}

// captions are the captions of the posts of a list answer.
func captions(r apptest.Response) string {
	var out []string
	list, _ := r.Body["posts"].([]any)
	for _, p := range list {
		out = append(out, p.(map[string]any)["caption"].(string))
	}
	return strings.Join(out, "|")
}

func TestUsers_ListsEveryAccountInUsernameOrderWithTheSpecsFieldsAndTotals(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	for _, n := range []string{"tunde_flows", "ada_sings", "kel_beats", "zara_keys", "bola_b"} {
		app.SignedIn(t, n)
	}
	r := boot.JSON("GET", "/api/admin/users?limit=2", nil)
	if got := usernamesOf(r); r.Status != http.StatusOK || fmt.Sprint(got) != "[ada_sings bola_b]" ||
		r.Body["total"] != float64(5) || r.Body["totalPages"] != float64(3) || r.Body["currentPage"] != float64(1) {
		t.Fatalf("page 1: %d %s", r.Status, r.Raw)
	}
	u := r.Body["users"].([]any)[0].(map[string]any)
	for _, f := range []string{"id", "username", "email", "firstname", "middlename", "lastname", "identity", "phonenumber", "created_at", "deactivated"} {
		if _, ok := u[f]; !ok {
			t.Errorf("user has no %s: %v", f, u)
		}
	}
	if u["email"] != "ada_sings@example.com" || u["identity"] != "artist" || u["deactivated"] != false {
		t.Errorf("user: %v", u)
	}
	next, _ := r.Body["next"].(string)
	r = boot.JSON("GET", "/api/admin/users?limit=2&page=2&cursor="+next, nil)
	if got := usernamesOf(r); r.Status != http.StatusOK || fmt.Sprint(got) != "[kel_beats tunde_flows]" || r.Body["currentPage"] != float64(2) {
		t.Fatalf("page 2 by cursor: %d %s", r.Status, r.Raw)
	}
	r = boot.JSON("GET", "/api/admin/users?limit=2&page=3", nil)
	if got := usernamesOf(r); r.Status != http.StatusOK || fmt.Sprint(got) != "[zara_keys]" || r.Body["next"] != nil {
		t.Fatalf("page 3 by number: %d %s", r.Status, r.Raw)
	}
	for path, msg := range map[string]string{
		"/api/admin/users?limit=2&page=4":                     "page must be between 1 and 3.",
		"/api/admin/users?limit=0":                            "limit must be between 1 and 50.",
		"/api/admin/users?cursor=@@":                          "Invalid cursor.",
		"/api/admin/users?search=" + strings.Repeat("a", 255): "search must be at most 254 characters.",
	} {
		if r := boot.JSON("GET", path, nil); r.Status != http.StatusBadRequest || r.Message() != msg {
			t.Errorf("%s: %d %s", path, r.Status, r.Raw)
		}
	}
}

func TestUsers_SearchFindsAUsernameOrEmailPrefixInAnyCase(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	for _, n := range []string{"ada_sings", "adamu_k", "tunde_flows", "kel_ada"} {
		app.SignedIn(t, n)
	}
	for search, want := range map[string]string{
		"ada":               "[ada_sings adamu_k]",
		"ADA_S":             "[ada_sings]",
		"tunde_flows%40exa": "[tunde_flows]", // an email's prefix
		"example.com":       "[]",            // not a prefix of any username or email
	} {
		r := boot.JSON("GET", "/api/admin/users?search="+search, nil)
		got := usernamesOf(r)
		if got == nil {
			got = []string{}
		}
		if r.Status != http.StatusOK || fmt.Sprint(got) != want || r.Body["total"] != float64(len(got)) {
			t.Errorf("search %q: %d %s, want %s", search, r.Status, r.Raw, want)
		}
	}
	r := boot.JSON("GET", "/api/admin/users?search=ada&limit=1", nil)
	if r.Status != http.StatusOK || fmt.Sprint(usernamesOf(r)) != "[ada_sings]" || r.Body["total"] != float64(2) || r.Body["totalPages"] != float64(2) {
		t.Fatalf("search page 1: %d %s", r.Status, r.Raw)
	}
	r = boot.JSON("GET", "/api/admin/users?search=ada&limit=1&page=2", nil)
	if r.Status != http.StatusOK || fmt.Sprint(usernamesOf(r)) != "[adamu_k]" || r.Body["next"] != nil {
		t.Fatalf("search page 2: %d %s", r.Status, r.Raw)
	}
}

func TestAdminUserRoutes_RefuseNoSessionAUsersSessionAndAnAdminAwaitingApproval(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	outsiders := app.Outsiders(t, "ada_sings", "ops_new")
	calls := []struct{ method, path string }{
		{"GET", "/api/admin/users"}, {"GET", "/api/admin/ledger"},
		{"POST", "/api/admin/auth/deactivate"}, {"POST", "/api/admin/auth/reactivate"},
	}
	for _, c := range calls {
		var body any = map[string]string{"userId": outsiders.User.ID}
		if c.method == "GET" {
			body = nil
		}
		outsiders.Refuse(t, c.method, c.path, body)
	}
	// The user refused above is still active.
	expect(t, outsiders.User.JSON("GET", "/api/user/profile", nil), http.StatusOK, "", "the user after the refusals")
}

func TestDeactivate_EndsEverySessionRefusesLoginHidesThePostsAndReactivateUndoesIt(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	ada := app.SignedIn(t, "ada_sings")
	// A second session of ada's, on another device: its cookie alone, as the web app sends it.
	phone := app.Client(t)
	expect(t, phone.JSON("POST", "/api/auth/login", map[string]string{"email": "ada_sings@example.com", "password": "password123"}), http.StatusOK, "", "second login")
	bola := app.SignedIn(t, "bola_b")
	postID := audioPost(t, app, ada, "lagos sunset groove")
	audioPost(t, app, bola, "bola morning tune")

	visible := func(when string, want bool) {
		t.Helper()
		adaWant, feedWant := "", "bola morning tune"
		if want {
			adaWant, feedWant = "lagos sunset groove", "bola morning tune|lagos sunset groove" // newest first
		}
		// The lists' totals leave ada's post out too, so their page counts stay true.
		total := float64(strings.Count(feedWant, "|") + 1)
		for _, path := range []string{"/api/feed?tab=audio", "/api/audio"} {
			r := bola.JSON("GET", path, nil)
			if pg, _ := r.Body["pagination"].(map[string]any); r.Status != http.StatusOK || captions(r) != feedWant || pg["total"] != total {
				t.Errorf("%s: %s %d %s", when, path, r.Status, r.Raw)
			}
		}
		if r := bola.JSON("GET", "/api/audio/user/"+ada.ID, nil); r.Status != http.StatusOK || captions(r) != adaWant {
			t.Errorf("%s: ada's audio list %d %s", when, r.Status, r.Raw)
		}
		if r := bola.JSON("GET", "/api/search?q=sunset", nil); r.Status != http.StatusOK || captions(r) != adaWant {
			t.Errorf("%s: search for the post %d %s", when, r.Status, r.Raw)
		}
		people := bola.JSON("GET", "/api/search?q=ada_sings&type=people", nil)
		if list, _ := people.Body["people"].([]any); people.Status != http.StatusOK || (len(list) == 1) != want {
			t.Errorf("%s: search for ada %d %s", when, people.Status, people.Raw)
		}
		r := bola.JSON("GET", "/api/audio/"+postID, nil)
		if want && r.Status != http.StatusOK || !want && r.Status != http.StatusNotFound {
			t.Errorf("%s: the post by id %d %s", when, r.Status, r.Raw)
		}
	}
	visible("before", true)

	r := boot.JSON("POST", "/api/admin/auth/deactivate", map[string]string{"userId": ada.ID})
	user, _ := r.Body["user"].(map[string]any)
	if r.Status != http.StatusOK || r.Message() != "User deactivated successfully" || user["id"] != ada.ID || user["deactivated"] != true {
		t.Fatalf("deactivate: %d %s", r.Status, r.Raw)
	}
	// Both of ada's sessions stop at once: the bearer token and the other device's cookie.
	for name, c := range map[string]*apptest.Client{"token": ada.Client, "cookie": phone} {
		if r := c.JSON("GET", "/api/user/profile", nil); r.Status != http.StatusUnauthorized {
			t.Errorf("ada's %s after deactivation: %d %s", name, r.Status, r.Raw)
		}
	}
	login := app.Client(t)
	expect(t, login.JSON("POST", "/api/auth/login", map[string]string{"email": "ada_sings@example.com", "password": "password123"}), http.StatusForbidden, "This account has been deactivated.", "login while deactivated")
	visible("deactivated", false)
	// The admin list still shows ada, flagged.
	r = boot.JSON("GET", "/api/admin/users?search=ada", nil)
	if list, _ := r.Body["users"].([]any); r.Status != http.StatusOK || len(list) != 1 || list[0].(map[string]any)["deactivated"] != true {
		t.Fatalf("list after deactivation: %d %s", r.Status, r.Raw)
	}
	// Twice is harmless: nothing changes and nothing more is recorded.
	expect(t, boot.JSON("POST", "/api/admin/auth/deactivate", map[string]string{"userId": ada.ID}), http.StatusOK, "User is already deactivated", "deactivate again")

	r = boot.JSON("POST", "/api/admin/auth/reactivate", map[string]string{"userId": ada.ID})
	if user, _ := r.Body["user"].(map[string]any); r.Status != http.StatusOK || r.Message() != "User reactivated successfully" || user["deactivated"] != false {
		t.Fatalf("reactivate: %d %s", r.Status, r.Raw)
	}
	visible("reactivated", true)
	// The sessions ada had before stay ended; a new login works.
	if r := ada.JSON("GET", "/api/user/profile", nil); r.Status != http.StatusUnauthorized {
		t.Errorf("ada's old token after reactivation: %d %s", r.Status, r.Raw)
	}
	expect(t, login.JSON("POST", "/api/auth/login", map[string]string{"email": "ada_sings@example.com", "password": "password123"}), http.StatusOK, "", "login after reactivation")
	expect(t, login.JSON("GET", "/api/user/profile", nil), http.StatusOK, "", "the new session")

	// Recorded: one deactivation and one reactivation, newest first.
	r = boot.JSON("GET", "/api/admin/audit", nil)
	entries, _ := r.Body["entries"].([]any)
	var got []string
	for _, e := range entries {
		m := e.(map[string]any)
		if m["target_type"] == "user" {
			got = append(got, fmt.Sprintf("%s %v %v→%v", m["action"], m["target_id"] == ada.ID, m["before"], m["after"]))
		}
	}
	want := []string{"user.reactivate true map[deactivated:true]→map[deactivated:false]", "user.deactivate true map[deactivated:false]→map[deactivated:true]"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("audit: %v, want %v", got, want)
	}
}

func TestDeactivate_RefusesAMissingOrUnknownUserAndChangesNothing(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	ada := app.SignedIn(t, "ada_sings")
	for _, path := range []string{"/api/admin/auth/deactivate", "/api/admin/auth/reactivate"} {
		r := boot.JSON("POST", path, map[string]string{})
		if r.Status != http.StatusBadRequest || r.Message() != "Validation error: Invalid request" || r.FieldErrors()["userId"] != "userId is required" {
			t.Errorf("%s without userId: %d %s", path, r.Status, r.Raw)
		}
		if r := boot.JSON("POST", path, "{"); r.Status != http.StatusBadRequest {
			t.Errorf("%s malformed: %d %s", path, r.Status, r.Raw)
		}
		if r := boot.JSON("POST", path, map[string]string{"userId": uuid.NewString()}); r.Status != http.StatusNotFound || r.Message() != "User not found" {
			t.Errorf("%s unknown user: %d %s", path, r.Status, r.Raw)
		}
	}
	expect(t, ada.JSON("GET", "/api/user/profile", nil), http.StatusOK, "", "ada after the refusals")
	r := boot.JSON("GET", "/api/admin/audit", nil)
	if entries, _ := r.Body["entries"].([]any); r.Status != http.StatusOK || len(entries) != 0 {
		t.Fatalf("audit after refusals: %d %s", r.Status, r.Raw)
	}
}
