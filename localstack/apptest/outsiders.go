package apptest

import (
	"net/http"
	"testing"
)

// Outsider is a caller the admin guard refuses, with the answer it gets.
type Outsider struct {
	Name    string
	Client  *Client
	Status  int
	Message string
}

// Outsiders are the callers every admin route refuses: no session, the session of User, and the
// admin session of Pending, whom nobody approved.
type Outsiders struct {
	User    User
	Pending Admin
	Callers []Outsider
}

// Outsiders signs user up and admin up (not approved) on clients of their own.
func (a *App) Outsiders(t testing.TB, user, admin string) Outsiders {
	t.Helper()
	u, p := a.SignedIn(t, user), a.PendingAdmin(t, admin)
	return Outsiders{User: u, Pending: p, Callers: []Outsider{
		{"no session", a.Client(t), http.StatusUnauthorized, "Unauthorized - Please login again"},
		{"a user's session", u.Client, http.StatusForbidden, "Forbidden - You lack necessary permissions"},
		{"an admin awaiting approval", p.Client, http.StatusForbidden, "Awaiting approval"},
	}}
}

// Refuse fails t unless each outsider calling method path with body gets its answer.
func (o Outsiders) Refuse(t testing.TB, method, path string, body any) {
	t.Helper()
	for _, who := range o.Callers {
		if r := who.Client.JSON(method, path, body); r.Status != who.Status || r.Message() != who.Message {
			t.Errorf("%s %s with %s: %d %s", method, path, who.Name, r.Status, r.Raw)
		}
	}
}
