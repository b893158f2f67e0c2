package admin_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"zuum/localstack/apptest"
)

// guarded are the admin routes only an approved admin may use.
var guarded = []struct{ method, path string }{
	{"GET", "/api/admin/auth/me"},
	{"GET", "/api/admin/admins?status=pending"},
	{"POST", "/api/admin/admins/0190a0b0-0000-7000-8000-000000000000/approve"},
	{"POST", "/api/admin/admins/0190a0b0-0000-7000-8000-000000000000/reject"},
	{"GET", "/api/admin/audit"},
}

func call(c *apptest.Client, method, path string) apptest.Response {
	var body any
	if strings.HasSuffix(path, "/reject") {
		body = map[string]string{"reason": "Not on the team"}
	}
	return c.JSON(method, path, body)
}

// everyGuarded fails t unless every guarded route answers c with status and msg (what
// prefixes the failures).
func everyGuarded(t *testing.T, c *apptest.Client, status int, msg, what string) {
	t.Helper()
	for _, g := range guarded {
		r := call(c, g.method, g.path)
		if r.Status != status || r.Message() != msg {
			t.Errorf("%s%s %s: %d %s", what, g.method, g.path, r.Status, r.Raw)
		}
	}
}

// expect fails t unless r answers status and, when msg is not empty, the message msg; it
// returns r.
func expect(t *testing.T, r apptest.Response, status int, msg, what string) apptest.Response {
	t.Helper()
	if r.Status != status || msg != "" && r.Message() != msg {
		t.Fatalf("%s: %d %s", what, r.Status, r.Raw)
	}
	return r
}

func TestAdminSignup_VerifyAndLogin_SetsACookieScopedToTheAdminArea(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	c := app.Client(t)
	email := "ops@admins.zuum.test"
	r := c.JSON("POST", "/api/admin/auth/signup", map[string]string{"username": "ops_ada", "email": email, "password": "password123"})
	if r.Status != http.StatusCreated || r.Body["email"] != email {
		t.Fatalf("signup: %d %s", r.Status, r.Raw)
	}
	code := app.LastOTP(t, email)
	// Before verifying, login is refused as unverified.
	expect(t, c.JSON("POST", "/api/admin/auth/login", map[string]string{"email": email, "password": "password123"}), http.StatusNotAcceptable, "", "login before verifying")
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	r = c.JSON("POST", "/api/admin/auth/verify-email", map[string]string{"email": email, "otp": wrong})
	if r.Status != http.StatusBadRequest || r.Message() != "Invalid OTP - please check and try again" {
		t.Fatalf("wrong code: %d %s", r.Status, r.Raw)
	}
	r = c.JSON("POST", "/api/admin/auth/verify-email", map[string]string{"email": email, "otp": code})
	if r.Status != http.StatusOK || r.Message() != "Email verified successfully!" {
		t.Fatalf("verify: %d %s", r.Status, r.Raw)
	}
	// A used code verifies nothing again.
	expect(t, c.JSON("POST", "/api/admin/auth/verify-email", map[string]string{"email": email, "otp": code}), http.StatusBadRequest, "", "verify again")
	r = c.JSON("POST", "/api/admin/auth/login", map[string]string{"email": email, "username": "ops_ada", "password": "password123"})
	if r.Status != http.StatusOK {
		t.Fatalf("login: %d %s", r.Status, r.Raw)
	}
	ad, _ := r.Body["admin"].(map[string]any)
	if ad["username"] != "ops_ada" || ad["email"] != email || ad["status"] != "pending" || ad["approved"] != false || r.Body["token"] == "" {
		t.Fatalf("login body: %s", r.Raw)
	}
	var cookie *http.Cookie
	for _, ck := range (&http.Response{Header: r.Header}).Cookies() {
		if ck.Name == "zuum_admin" {
			cookie = ck
		}
	}
	if cookie == nil || cookie.Value != r.Body["token"] || cookie.Path != "/api/admin" || !cookie.HttpOnly || !cookie.Secure ||
		cookie.SameSite != http.SameSiteLaxMode {
		t.Fatalf("admin cookie: %+v", cookie)
	}
	for _, ck := range (&http.Response{Header: r.Header}).Cookies() {
		if ck.Name == "zuum_session" {
			t.Fatalf("admin login set the user session cookie: %+v", ck)
		}
	}
}

func TestAdminSignup_RefusesTakenEmailsAndNamesAndBadFieldsAndChangesNothing(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	first := app.PendingAdmin(t, "ops_ada")
	c := app.Client(t)
	expect(t, c.JSON("POST", "/api/admin/auth/signup", map[string]string{"username": "other", "email": strings.ToUpper(first.Email), "password": "password123"}), http.StatusNotAcceptable, "Email already exists", "taken email")
	expect(t, c.JSON("POST", "/api/admin/auth/signup", map[string]string{"username": "OPS_ADA", "email": "new@admins.zuum.test", "password": "password123"}), http.StatusNotAcceptable, "Username already exists", "taken username")
	// The refused sign-up left nothing behind: its email is free.
	expect(t, c.JSON("POST", "/api/admin/auth/signup", map[string]string{"username": "newbie", "email": "new@admins.zuum.test", "password": "password123"}), http.StatusCreated, "", "free email after a refused sign-up")
	r := c.JSON("POST", "/api/admin/auth/signup", map[string]string{"username": "", "email": "not-an-email", "password": "short"})
	f := r.FieldErrors()
	if r.Status != http.StatusBadRequest || f["username"] != "Username is required" || f["email"] != "Invalid email format" || f["password"] == "" {
		t.Fatalf("bad fields: %d %s", r.Status, r.Raw)
	}
	expect(t, c.JSON("POST", "/api/admin/auth/signup", map[string]any{"username": 5, "email": "x@y.zz", "password": "password123"}), http.StatusBadRequest, "", "wrong type")
}

func TestAdminLogin_RefusesWrongPasswordOrUsernameAlike(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ad := app.PendingAdmin(t, "ops_ada")
	c := app.Client(t)
	for name, body := range map[string]map[string]string{
		"wrong password": {"email": ad.Email, "password": "password124"},
		"wrong username": {"email": ad.Email, "username": "someone", "password": apptest.AdminPassword},
		"unknown email":  {"email": "nobody@admins.zuum.test", "password": apptest.AdminPassword},
	} {
		r := c.JSON("POST", "/api/admin/auth/login", body)
		if r.Status != http.StatusUnauthorized || r.Message() != "Invalid credentials. Please check your email and password." {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	r := c.JSON("POST", "/api/admin/auth/login", map[string]string{"email": "", "password": ""})
	if f := r.FieldErrors(); r.Status != http.StatusBadRequest || f["email"] != "Email is required" || f["password"] != "Password is required" {
		t.Fatalf("missing fields: %d %s", r.Status, r.Raw)
	}
}

func TestAdminRoutes_WithoutASessionAre401(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	c := app.Client(t)
	everyGuarded(t, c, http.StatusUnauthorized, "Unauthorized - Please login again", "")
	c.Token = "not.a.token"
	if r := c.JSON("GET", "/api/admin/audit", nil); r.Status != http.StatusUnauthorized {
		t.Errorf("garbage token: %d %s", r.Status, r.Raw)
	}
}

func TestAdminRoutes_WithAUserSessionAre403ByBearerAndByCookie(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	user := app.SignedIn(t, "ada")
	everyGuarded(t, user.Client, http.StatusForbidden, "Forbidden - You lack necessary permissions", "bearer ")
	// The browser sends only the user session cookie (Path=/) to the admin routes.
	user.Token = ""
	everyGuarded(t, user.Client, http.StatusForbidden, "Forbidden - You lack necessary permissions", "cookie ")
	// And the user cannot log in to the admin area with their user credentials.
	expect(t, user.JSON("POST", "/api/admin/auth/login", map[string]string{"email": "ada@example.com", "password": "password123"}), http.StatusUnauthorized, "", "user credentials at admin login")
}

func TestAdminToken_NeverActsAsAUser(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ad := app.BootstrapAdmin(t)
	for _, path := range []string{"/api/user/profile", "/api/wallet", "/api/feed?type=audio", "/api/notifications", "/api/payment/create"} {
		r := ad.JSON("GET", path, nil)
		if r.Status != http.StatusUnauthorized || r.Message() != "Unauthorized: Invalid or missing token" {
			t.Errorf("GET %s with an admin token: %d %s", path, r.Status, r.Raw)
		}
	}
	if r := ad.JSON("GET", "/api/auth/session", nil); r.Status != http.StatusOK || r.Body["signed_in"] != false {
		t.Errorf("session probe with an admin token: %d %s", r.Status, r.Raw)
	}
	// Nor does it open the chat socket.
	ws, res, err := ad.Socket(context.Background(), "token="+ad.Token)
	if ws != nil {
		_ = ws.CloseNow()
	}
	if err == nil || res == nil || res.StatusCode != http.StatusUnauthorized {
		t.Errorf("chat socket with an admin token: %v %v", res, err)
	}
}

func TestUnapprovedAdmin_LogsInButEveryOtherRouteIsAwaitingApproval(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ad := app.PendingAdmin(t, "ops_ada")
	everyGuarded(t, ad.Client, http.StatusForbidden, "Awaiting approval", "")
}

func TestBootstrapAdmin_IsApprovedAtVerification(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ad := app.BootstrapAdmin(t)
	r := ad.JSON("GET", "/api/admin/auth/me", nil)
	me, _ := r.Body["admin"].(map[string]any)
	if r.Status != http.StatusOK || me["id"] != ad.ID || me["approved"] != true || me["status"] != "approved" {
		t.Fatalf("me: %d %s", r.Status, r.Raw)
	}
	// Approved by the list, so never in the queue.
	r = ad.JSON("GET", "/api/admin/admins?status=pending", nil)
	if list, _ := r.Body["admins"].([]any); r.Status != http.StatusOK || len(list) != 0 {
		t.Fatalf("pending queue: %d %s", r.Status, r.Raw)
	}
}

func TestAdminCookie_AloneOpensTheAdminArea(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ad := app.BootstrapAdmin(t)
	ad.Token = "" // the browser's way: only the zuum_admin cookie
	expect(t, ad.JSON("GET", "/api/admin/auth/me", nil), http.StatusOK, "", "me by cookie")
}

func TestAdminLogout_EndsTheSessionAndClearsTheCookie(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ad := app.BootstrapAdmin(t)
	token := ad.Token
	r := expect(t, ad.JSON("POST", "/api/admin/auth/logout", nil), http.StatusOK, "Logged out.", "logout")
	cleared := false
	for _, ck := range (&http.Response{Header: r.Header}).Cookies() {
		cleared = cleared || ck.Name == "zuum_admin" && ck.MaxAge < 0 && ck.Path == "/api/admin"
	}
	if !cleared {
		t.Fatalf("logout did not clear the admin cookie: %v", r.Header.Values("Set-Cookie"))
	}
	c := app.Client(t)
	c.Token = token
	expect(t, c.JSON("GET", "/api/admin/auth/me", nil), http.StatusUnauthorized, "", "the ended token")
	// Logging out without a session still answers 200.
	if r := app.Client(t).JSON("POST", "/api/admin/auth/logout", nil); r.Status != http.StatusOK {
		t.Fatalf("logout without a session: %d %s", r.Status, r.Raw)
	}
}

func TestAdminResendOTP_MailsANewCodeOnceAMinute(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	c := app.Client(t)
	email := "late@admins.zuum.test"
	expect(t, c.JSON("POST", "/api/admin/auth/signup", map[string]string{"username": "late", "email": email, "password": "password123"}), http.StatusCreated, "", "signup")
	// The sign-up's code was sent just now: a resend waits a minute.
	expect(t, c.JSON("POST", "/api/admin/auth/resend-otp", map[string]string{"email": email}), http.StatusTooManyRequests, "", "resend at once")
	expect(t, c.JSON("POST", "/api/admin/auth/resend-otp", map[string]string{"email": "nobody@admins.zuum.test"}), http.StatusNotFound, "", "resend to an unknown email")
}

func TestAdminSignup_TenValidSignUpsPerAddressAnHour(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	c := app.Client(t)
	for i := range 10 {
		name := "ops_" + string(rune('a'+i))
		if r := c.JSON("POST", "/api/admin/auth/signup", map[string]string{"username": name, "email": name + "@admins.zuum.test", "password": "password123"}); r.Status != http.StatusCreated {
			t.Fatalf("sign-up %d: %d %s", i+1, r.Status, r.Raw)
		}
	}
	expect(t, c.JSON("POST", "/api/admin/auth/signup", map[string]string{"username": "ops_k", "email": "ops_k@admins.zuum.test", "password": "password123"}), http.StatusTooManyRequests, "Too many sign-ups from this network. Please try again in an hour.", "11th sign-up")
	if n := len(app.Cloud.MailTo("ops_k@admins.zuum.test")); n != 0 {
		t.Fatalf("the refused sign-up mailed %d codes", n)
	}
	// Another address signs up as before.
	if r := app.Client(t).JSON("POST", "/api/admin/auth/signup", map[string]string{"username": "ops_k", "email": "ops_k@admins.zuum.test", "password": "password123"}); r.Status != http.StatusCreated {
		t.Fatalf("sign-up from another address: %d %s", r.Status, r.Raw)
	}
}
