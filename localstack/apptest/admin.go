package apptest

import (
	"net/http"
	"testing"

	"zuum/localstack/lambdas"
)

// AdminPassword is the password of every admin the helpers make.
const AdminPassword = "password123"

// AdminEmail is the email the helpers give the admin username.
func AdminEmail(username string) string { return username + "@admins.zuum.test" }

// Admin is a signed-in test admin: a client holding the admin session (the zuum_admin cookie,
// and Token as Bearer), the admin's id, username and email.
type Admin struct {
	*Client
	ID, Name, Email string
}

// NewAdmin signs an admin up with username and email, verifies the mailed code and logs in on c,
// leaving c holding the admin cookie and token. It returns the login response. The admin may act
// only if email is on the bootstrap list (lambdas.DemoAdminEmail is) or once approved.
func (a *App) NewAdmin(t testing.TB, c *Client, username, email string) Response {
	t.Helper()
	if r := c.JSON("POST", "/api/admin/auth/signup", map[string]string{
		"username": username, "email": email, "password": AdminPassword,
	}); r.Status != http.StatusCreated {
		t.Fatalf("admin signup %s: %d %s", username, r.Status, r.Raw)
	}
	if r := c.JSON("POST", "/api/admin/auth/verify-email", map[string]string{"email": email, "otp": a.LastOTP(t, email)}); r.Status != http.StatusOK {
		t.Fatalf("admin verify %s: %d %s", username, r.Status, r.Raw)
	}
	r := c.JSON("POST", "/api/admin/auth/login", map[string]string{"email": email, "password": AdminPassword})
	if r.Status != http.StatusOK {
		t.Fatalf("admin login %s: %d %s", username, r.Status, r.Raw)
	}
	c.Token, _ = r.Body["token"].(string)
	return r
}

// PendingAdmin signs up, verifies and logs in an admin on a client of their own, NOT approved:
// every admin route but login and logout answers them 403 "Awaiting approval".
func (a *App) PendingAdmin(t testing.TB, username string) Admin {
	t.Helper()
	c := a.Client(t)
	email := AdminEmail(username)
	r := a.NewAdmin(t, c, username, email)
	id, _ := r.Body["admin"].(map[string]any)["id"].(string)
	if id == "" {
		t.Fatalf("admin login %s: no admin id in %s", username, r.Raw)
	}
	return Admin{Client: c, ID: id, Name: username, Email: email}
}

// BootstrapAdmin is the app's admin approved by the bootstrap list (lambdas.DemoAdminEmail,
// username "demo_admin"), signed up on first use.
func (a *App) BootstrapAdmin(t testing.TB) Admin {
	t.Helper()
	a.bootstrap.Lock()
	defer a.bootstrap.Unlock()
	if a.bootstrap.admin == nil {
		c := a.Client(t)
		r := a.NewAdmin(t, c, "demo_admin", lambdas.DemoAdminEmail)
		id, _ := r.Body["admin"].(map[string]any)["id"].(string)
		a.bootstrap.admin = &Admin{Client: c, ID: id, Name: "demo_admin", Email: lambdas.DemoAdminEmail}
	}
	return *a.bootstrap.admin
}

// SignedInAdmin is an approved admin on a client of their own: signed up, verified, logged in,
// and approved by the bootstrap admin through POST /api/admin/admins/{id}/approve (which writes
// an "admin.approve" audit entry).
func (a *App) SignedInAdmin(t testing.TB, username string) Admin {
	t.Helper()
	ad := a.PendingAdmin(t, username)
	boot := a.BootstrapAdmin(t)
	if r := boot.JSON("POST", "/api/admin/admins/"+ad.ID+"/approve", nil); r.Status != http.StatusOK {
		t.Fatalf("approve admin %s: %d %s", username, r.Status, r.Raw)
	}
	return ad
}
