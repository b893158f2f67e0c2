package apptest

import (
	"net/url"
	"strings"
	"testing"
)

// ResetLink is the password-reset link in the newest mail to email.
func (a *App) ResetLink(t testing.TB, email string) *url.URL {
	t.Helper()
	mail := a.Cloud.MailTo(email)
	if len(mail) == 0 {
		t.Fatalf("no mail to %s", email)
	}
	text := mail[len(mail)-1].Body.Text
	i := strings.Index(text, a.URL("/reset?token="))
	if i < 0 {
		t.Fatalf("no reset link in %q", text)
	}
	link, err := url.Parse(strings.Fields(text[i:])[0])
	if err != nil {
		t.Fatal(err)
	}
	return link
}
