package auth_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/localstack/apptest"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

func start(t *testing.T) (*apptest.App, *apptest.Client) {
	t.Helper()
	app := apptest.Start(t, nil)
	return app, app.Client(t)
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

func TestSignup_CreatesUnverifiedAccountAndMailsCode(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	r := c.JSON("POST", "/api/auth/signup", apptest.Signup("ada"))
	if r.Status != http.StatusCreated || r.Body["email"] != "ada@example.com" {
		t.Fatalf("signup: %d %s", r.Status, r.Raw)
	}
	mail := app.Cloud.MailTo("ada@example.com")
	if len(mail) != 1 || !strings.Contains(mail[0].Subject, "verification code") {
		t.Fatalf("want one verification email, got %+v", mail)
	}
	if code := app.LastOTP(t, "ada@example.com"); len(code) != 6 {
		t.Fatalf("code %q", code)
	}
	r = c.JSON("POST", "/api/auth/login", map[string]string{"email": "ada@example.com", "password": "password123"})
	if r.Status != http.StatusNotAcceptable || r.Message() != "Email is not verified. Please verify your email first." {
		t.Fatalf("login before verifying: %d %s", r.Status, r.Raw)
	}
}

func TestSignup_InvalidFieldsAre400WithTheSpecMessages(t *testing.T) {
	t.Parallel()
	_, c := start(t)
	cases := []struct {
		name, field, value, msg string
	}{
		{"no first name", "firstname", "", "First name is required"},
		{"no last name", "lastname", " ", "Last name is required"},
		{"no username", "username", "", "Username is required"},
		{"no email", "email", "", "Email is required"},
		{"bad email", "email", "ada.example.com", "Invalid email format"},
		{"markup for an email", "email", "<script>@x.y", "Invalid email format"},
		{"email without a real TLD", "email", "ada@example.c", "Invalid email format"},
		{"email with a double dot", "email", "ada..eze@example.com", "Invalid email format"},
		{"invisible first name", "firstname", "\u200b\u200b\u2060", "First name is required"},
		{"first name over 50 characters", "firstname", strings.Repeat("ọ", 51), "firstname is too long"},
		{"no phone", "phonenumber", "", "Phone number is required"},
		{"phone with letters", "phonenumber", "0803abc4567", "Invalid phone number"},
		{"phone too short", "phonenumber", "080312345", "Invalid phone number"},
		{"phone too long", "phonenumber", "0803123456789012", "Invalid phone number"},
		{"no password", "password", "", "Password is required"},
		{"short password", "password", "1234567", "Password must be at least 8 characters"},
		{"unknown identity", "identity", "dj", "Identity must be one of artist, producer or record_label"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			body := apptest.Signup("case_user")
			body[tc.field] = tc.value
			r := c.JSON("POST", "/api/auth/signup", body)
			if r.Status != http.StatusBadRequest || r.Message() != "Validation errors." {
				t.Fatalf("status %d %s", r.Status, r.Raw)
			}
			if got := r.FieldErrors()[tc.field]; got != tc.msg {
				t.Fatalf("field %s: got %q want %q", tc.field, got, tc.msg)
			}
		})
	}
	// Nothing was created by any of them: the same username and email still sign up.
	expect(t, c.JSON("POST", "/api/auth/signup", apptest.Signup("case_user")), http.StatusCreated, "", "valid signup after refusals")
}

func TestSignup_AcceptsEverySpellingOfRecordLabel(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	for i, spelling := range []string{"record_label", "record label", "record-label", "Record Label"} {
		name := "label" + string(rune('a'+i))
		body := apptest.Signup(name)
		body["identity"] = spelling
		if r := c.JSON("POST", "/api/auth/signup", body); r.Status != http.StatusCreated {
			t.Fatalf("%q: %d %s", spelling, r.Status, r.Raw)
		}
		a, err := profile.NewStore(dynamodb.NewFromConfig(app.Cloud.Config), schema.Users.Name).AccountByEmail(context.Background(), name+"@example.com")
		if err != nil || a.Identity != profile.RecordLabel {
			t.Fatalf("%q stored as %q (%v)", spelling, a.Identity, err)
		}
	}
}

func TestSignup_DuplicateEmailIs409AndLeavesNoTrace(t *testing.T) {
	t.Parallel()
	_, c := start(t)
	if r := c.JSON("POST", "/api/auth/signup", apptest.Signup("first")); r.Status != http.StatusCreated {
		t.Fatal(r.Status)
	}
	dup := apptest.Signup("second")
	dup["email"] = "FIRST@example.com"
	expect(t, c.JSON("POST", "/api/auth/signup", dup), http.StatusConflict, "Email already exists. Please log in or use a different email.", "duplicate email")
	// The refused sign-up must not have reserved its username.
	expect(t, c.JSON("POST", "/api/auth/signup", apptest.Signup("second")), http.StatusCreated, "", "username of a refused sign-up is still taken")
}

func TestSignup_DuplicateUsernameIs409WithFieldError(t *testing.T) {
	t.Parallel()
	_, c := start(t)
	c.JSON("POST", "/api/auth/signup", apptest.Signup("tunde"))
	dup := apptest.Signup("TUNDE")
	dup["email"] = "other@example.com"
	r := c.JSON("POST", "/api/auth/signup", dup)
	if r.Status != http.StatusConflict || r.FieldErrors()["username"] != "Username is already taken." {
		t.Fatalf("duplicate username: %d %s", r.Status, r.Raw)
	}
}

func TestAuth_BadBodiesAre4xxNeverServerErrors(t *testing.T) {
	t.Parallel()
	_, c := start(t)
	cases := []struct {
		name   string
		body   any
		status int
		msg    string
	}{
		{"malformed", `{"email":`, 400, "Malformed JSON body."},
		{"not an object", `[1,2]`, 400, "Request body must be a JSON object."},
		{"wrong type", `{"email": 42}`, 400, "Validation errors."},
		{"empty", ``, 400, "Request body is required."},
		{"two objects", `{} {}`, 400, "Request body must hold a single JSON object."},
		{"over 64 KB", `{"bio":"` + strings.Repeat("a", 70<<10) + `"}`, 413, "Request body is too large."},
		{"over the 6 MB Lambda payload", `{"bio":"` + strings.Repeat("a", 6<<20) + `"}`, 413, "Request Entity Too Large"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := c.JSON("POST", "/api/auth/signup", tc.body)
			if r.Status != tc.status || r.Message() != tc.msg {
				t.Fatalf("got %d %q, want %d %q", r.Status, r.Message(), tc.status, tc.msg)
			}
		})
	}
	if r := c.JSON("GET", "/api/auth/nowhere", nil); r.Status != http.StatusNotFound {
		t.Fatalf("unknown route: %d", r.Status)
	}
	if r := c.JSON("GET", "/api/auth/login", nil); r.Status != http.StatusMethodNotAllowed && r.Status != http.StatusNotFound {
		t.Fatalf("wrong method: %d", r.Status)
	}
}

func TestVerifyEmail_WrongCodesAreRefusedAndTheSixthTryIsLockedOut(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	c.JSON("POST", "/api/auth/signup", apptest.Signup("kemi"))
	code := app.LastOTP(t, "kemi@example.com")
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	for i := 0; i < 5; i++ {
		r := c.JSON("POST", "/api/auth/verify-email", map[string]string{"email": "kemi@example.com", "otp": wrong})
		if r.Status != http.StatusBadRequest || r.Message() != "Invalid OTP. Please try again." {
			t.Fatalf("wrong try %d: %d %s", i+1, r.Status, r.Raw)
		}
	}
	expect(t, c.JSON("POST", "/api/auth/verify-email", map[string]string{"email": "kemi@example.com", "otp": code}), http.StatusBadRequest, "Too many wrong codes. Please request a new OTP.", "right code after five wrong ones")
	if r := c.JSON("POST", "/api/auth/login", map[string]string{"email": "kemi@example.com", "password": "password123"}); r.Status != http.StatusNotAcceptable {
		t.Fatalf("account got verified anyway: %d", r.Status)
	}
}

func TestVerifyEmail_RightCodeVerifiesOnceAndUnknownEmailsLookWrong(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	c.JSON("POST", "/api/auth/signup", apptest.Signup("bisi"))
	code := app.LastOTP(t, "bisi@example.com")
	body := map[string]string{"email": "Bisi@Example.com ", "otp": code}
	expect(t, c.JSON("POST", "/api/auth/verify-email", body), http.StatusOK, "", "verify")
	expect(t, c.JSON("POST", "/api/auth/verify-email", body), http.StatusBadRequest, "Invalid OTP. Please try again.", "a used code must read as a wrong one")
	expect(t, c.JSON("POST", "/api/auth/verify-email", map[string]string{"email": "nobody@example.com", "otp": code}), http.StatusBadRequest, "Invalid OTP. Please try again.", "unknown email")
	if r := c.JSON("POST", "/api/auth/verify-email", map[string]string{"email": "", "otp": ""}); r.Status != http.StatusBadRequest {
		t.Fatalf("empty: %d", r.Status)
	}
}

func TestResendOTP_IsRateLimitedAndRefusesVerifiedOrUnknownEmails(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	c.JSON("POST", "/api/auth/signup", apptest.Signup("femi"))
	expect(t, c.JSON("POST", "/api/auth/resend-otp", map[string]string{"email": "femi@example.com"}), http.StatusTooManyRequests, "", "resend within a minute of sign-up")
	if n := len(app.Cloud.MailTo("femi@example.com")); n != 1 {
		t.Fatalf("a refused resend sent mail: %d messages", n)
	}
	expect(t, c.JSON("POST", "/api/auth/resend-otp", map[string]string{"email": "ghost@example.com"}), http.StatusNotFound, "User not found. Please check your email.", "unknown")
	expect(t, c.JSON("POST", "/api/auth/resend-otp", map[string]string{"email": ""}), http.StatusBadRequest, "Please enter your email address.", "empty")
	app.NewUser(t, app.Client(t), "verified")
	expect(t, c.JSON("POST", "/api/auth/resend-otp", map[string]string{"email": "verified@example.com"}), http.StatusBadRequest, "", "verified")
}

func TestLogin_SetsAHardenedCookieAndTheSessionWorksByCookieOrBearer(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	r := app.NewUser(t, c, "chioma")
	prof, _ := r.Body["profile"].(map[string]any)
	if prof["username"] != "chioma" || prof["email"] != "chioma@example.com" || c.Token == "" {
		t.Fatalf("login body: %s", r.Raw)
	}
	var cookie *http.Cookie
	for _, ck := range (&http.Response{Header: r.Header}).Cookies() {
		if ck.Name == "zuum_session" {
			cookie = ck
		}
	}
	if cookie == nil || !cookie.HttpOnly || !cookie.Secure || cookie.SameSite != http.SameSiteLaxMode || cookie.Value != c.Token {
		t.Fatalf("session cookie: %+v", cookie)
	}
	token := c.Token
	c.Token = "" // cookie only
	expect(t, c.JSON("GET", "/api/user/profile", nil), http.StatusOK, "", "by cookie")
	bearer := app.Client(t) // no cookies
	bearer.Token = token
	expect(t, bearer.JSON("GET", "/api/user/profile", nil), http.StatusOK, "", "by bearer")
	// A character inside the signature, every bit of which counts (the last character of
	// unpadded base64 carries bits a decoder may ignore, so changing it may change nothing).
	i := len(token) - 10
	swap := byte('A')
	if token[i] == swap {
		swap = 'B'
	}
	bearer.Token = token[:i] + string(swap) + token[i+1:]
	expect(t, bearer.JSON("GET", "/api/user/profile", nil), http.StatusUnauthorized, "Unauthorized: Invalid or missing token", "tampered token")
}

func TestLogin_RefusesWithTheSpecStatuses(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	app.NewUser(t, app.Client(t), "yemi")
	cases := []struct {
		name, email, password string
		status                int
		msg                   string
	}{
		{"wrong password", "yemi@example.com", "password124", 401, "Invalid credentials. Please check your email and password."},
		{"unknown email", "nobody@example.com", "password123", 401, "Invalid credentials. Please check your email and password."},
		{"no email", "", "password123", 400, "Validation errors. Please check your input."},
		{"no password", "yemi@example.com", "", 400, "Validation errors. Please check your input."},
	}
	for _, tc := range cases {
		r := c.JSON("POST", "/api/auth/login", map[string]string{"email": tc.email, "password": tc.password})
		if r.Status != tc.status || r.Message() != tc.msg {
			t.Errorf("%s: got %d %q", tc.name, r.Status, r.Message())
		}
	}
}

func TestLogin_RepeatedFailuresAreRateLimitedEvenForTheRightPassword(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	app.NewUser(t, app.Client(t), "lola")
	for i := 0; i < 5; i++ {
		if r := c.JSON("POST", "/api/auth/login", map[string]string{"email": "lola@example.com", "password": "nope-nope"}); r.Status != 401 {
			t.Fatalf("failure %d: %d", i+1, r.Status)
		}
	}
	expect(t, c.JSON("POST", "/api/auth/login", map[string]string{"email": "lola@example.com", "password": "password123"}), http.StatusTooManyRequests, "Too many failed login attempts. Please try again later.", "after five failures")
}

func TestDeactivatedAccount_CannotLogInOrUseAnOldToken(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	r := app.NewUser(t, c, "dayo")
	id := r.Body["profile"].(map[string]any)["id"].(string)
	store := profile.NewStore(dynamodb.NewFromConfig(app.Cloud.Config), schema.Users.Name)
	if err := store.SetDeactivated(context.Background(), id, true); err != nil {
		t.Fatal(err)
	}
	if r := c.JSON("GET", "/api/user/profile", nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("old token of a deactivated account: %d", r.Status)
	}
	r = c.JSON("POST", "/api/auth/login", map[string]string{"email": "dayo@example.com", "password": "password123"})
	if r.Status != http.StatusForbidden || r.Message() != "This account has been deactivated." {
		t.Fatalf("login: %d %s", r.Status, r.Raw)
	}
}

func TestLogout_EndsTheSessionForCookieAndToken(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	app.NewUser(t, c, "segun")
	token := c.Token
	r := c.JSON("POST", "/api/auth/logout", nil)
	if r.Status != http.StatusOK || !strings.Contains(r.Header.Get("Set-Cookie"), "Max-Age=0") {
		t.Fatalf("logout: %d %v", r.Status, r.Header)
	}
	other := app.Client(t)
	other.Token = token
	if r := other.JSON("GET", "/api/user/profile", nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("token after logout: %d", r.Status)
	}
	if r := app.Client(t).JSON("POST", "/api/auth/logout", nil); r.Status != http.StatusOK {
		t.Fatalf("logout without a session should still succeed: %d", r.Status)
	}
}

func TestPasswordReset_MailsALinkThatWorksOnceAndEndsEverySession(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	app.NewUser(t, c, "obi")
	expect(t, c.JSON("POST", "/api/auth/forgot-password", map[string]string{"email": "obi@example.com"}), http.StatusOK, "Password reset link sent to your email. Please check your inbox.", "forgot")
	link := app.ResetLink(t, "obi@example.com")
	token := link.Query().Get("token")

	reset := map[string]string{"email": "obi@example.com", "token": token, "newPassword": "short"}
	if r := c.JSON("POST", "/api/auth/reset-password", reset); r.Status != 400 || r.FieldErrors()["newPassword"] != "Password must be at least 8 characters" {
		t.Fatalf("short password: %d %s", r.Status, r.Raw)
	}
	reset["newPassword"] = "brand-new-pass"
	reset["token"] = token + "x"
	if r := c.JSON("POST", "/api/auth/reset-password", reset); r.Status != 400 || r.Message() != "Invalid or expired reset token." {
		t.Fatalf("wrong token: %d %s", r.Status, r.Raw)
	}
	reset["token"] = token
	expect(t, c.JSON("POST", "/api/auth/reset-password", reset), http.StatusOK, "", "reset")
	expect(t, c.JSON("POST", "/api/auth/reset-password", reset), http.StatusBadRequest, "", "token reused")
	if r := c.JSON("GET", "/api/user/profile", nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("session from before the reset still works: %d", r.Status)
	}
	if r := c.JSON("POST", "/api/auth/login", map[string]string{"email": "obi@example.com", "password": "password123"}); r.Status != 401 {
		t.Fatalf("old password: %d", r.Status)
	}
	if r := c.JSON("POST", "/api/auth/login", map[string]string{"email": "obi@example.com", "password": "brand-new-pass"}); r.Status != 200 {
		t.Fatalf("new password: %d %s", r.Status, r.Raw)
	}
}

func TestForgotPassword_UnknownEmailIs404AndRepeatsAreRateLimited(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	app.NewUser(t, app.Client(t), "eze")
	if r := c.JSON("POST", "/api/auth/forgot-password", map[string]string{"email": "none@example.com"}); r.Status != 404 || r.Message() != "User not found. Please check your email." {
		t.Fatalf("unknown: %d %s", r.Status, r.Raw)
	}
	c.JSON("POST", "/api/auth/forgot-password", map[string]string{"email": "eze@example.com"})
	if r := c.JSON("POST", "/api/auth/forgot-password", map[string]string{"email": "eze@example.com"}); r.Status != http.StatusTooManyRequests {
		t.Fatalf("second request within a minute: %d", r.Status)
	}
}
