package account

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"zuum/shared/credential"
	"zuum/shared/failure"
	"zuum/shared/profile"
	"zuum/shared/text"
)

// GoogleUser is what Google's userinfo endpoint says about the person signing in.
type GoogleUser struct {
	Subject       string `json:"sub"`
	Email         string `json:"email"`
	EmailVerified bool   `json:"email_verified"`
	GivenName     string `json:"given_name"`
	FamilyName    string `json:"family_name"`
}

// GoogleSignup is what a visitor chose in the sign-up wizard before going on with Google. It
// shapes only an account the sign-in makes; an existing account is signed into as it is. A
// username that is malformed, reserved or taken, or a phone number that is not one, is left out
// (a username is then made from the email, the phone left empty).
type GoogleSignup struct {
	Identity, Username, Phone string
}

// errRaced means the account by that email changed between reading and writing it.
var errRaced = errors.New("account changed meanwhile")

// GoogleSignIn opens a session for a Google user, whose email Google has verified:
//   - a verified Zuum account with that email is signed into (and linked to the Google account);
//   - an unverified one was made by someone who never proved they own the email, perhaps not its
//     owner: it is reclaimed as a new account (see profile.Store.Reclaim), so its password,
//     sessions and chosen details go and only the person who controls the email gets in;
//   - otherwise a new account is made from the Google profile and want.
func (s *Service) GoogleSignIn(ctx context.Context, g GoogleUser, want GoogleSignup) (Login, error) {
	email := profile.NormalizeEmail(g.Email)
	if g.Subject == "" || !g.EmailVerified || !profile.ValidEmail(email) {
		return Login{}, failure.New(failure.Unauthorized, "Authentication failed")
	}
	for attempt := 0; attempt < 3; attempt++ {
		a, err := s.profiles.AccountByEmail(ctx, email)
		var l Login
		switch {
		case err == nil:
			l, err = s.googleExisting(ctx, a, g, want)
		case failure.Is(err, failure.NotFound):
			l, err = s.googleNew(ctx, g, email, want)
		}
		if err != errRaced {
			return l, err
		}
	}
	return Login{}, failure.Wrap(errRaced, "google sign-in")
}

func (s *Service) googleExisting(ctx context.Context, a profile.Account, g GoogleUser, want GoogleSignup) (Login, error) {
	if a.Deleted {
		return Login{}, failure.New(failure.Unauthorized, "Authentication failed")
	}
	a, err := s.comeBack(ctx, a)
	if err != nil {
		return Login{}, err
	}
	if a.GoogleSubject != "" && a.GoogleSubject != g.Subject {
		return Login{}, failure.New(failure.Unauthorized, "Authentication failed")
	}
	if a.Verified {
		if a.GoogleSubject == "" {
			if err := s.profiles.LinkGoogle(ctx, a.ID, g.Subject); err != nil {
				return Login{}, err
			}
		}
		return s.openSession(ctx, a)
	}
	for _, username := range s.usernames(a.Email, want) {
		fresh := a
		fresh.Profile = s.googleProfile(a.ID, a.Email, username, g, want)
		fresh.CreatedAt = a.CreatedAt
		fresh.PasswordHash, fresh.Verified, fresh.GoogleSubject, fresh.SessionEpoch = "", true, g.Subject, a.SessionEpoch+1
		err = s.profiles.Reclaim(ctx, a, fresh, s.deleteCodes(a.ID)...)
		switch err {
		case nil:
			return s.openSession(ctx, fresh)
		case profile.ErrChanged:
			return Login{}, errRaced
		case profile.ErrUsernameTaken:
			continue
		}
		return Login{}, err
	}
	return Login{}, failure.Wrap(err, "pick a free username")
}

func (s *Service) googleNew(ctx context.Context, g GoogleUser, email string, want GoogleSignup) (Login, error) {
	var err error
	for _, username := range s.usernames(email, want) {
		a := profile.Account{
			Profile: s.googleProfile(uuid.NewString(), email, username, g, want), Verified: true, GoogleSubject: g.Subject,
		}
		err = s.profiles.Create(ctx, a)
		switch err {
		case nil:
			return s.openSession(ctx, a)
		case profile.ErrEmailTaken:
			return Login{}, errRaced // made by a concurrent request: sign into that one
		case profile.ErrUsernameTaken:
			continue
		}
		return Login{}, err
	}
	return Login{}, failure.Wrap(err, "pick a free username")
}

// googleProfile is the profile a Google sign-in makes: names from Google, identity, username and
// phone from what the visitor chose.
func (s *Service) googleProfile(id, email, username string, g GoogleUser, want GoogleSignup) profile.Profile {
	identity, ok := profile.ParseIdentity(want.Identity)
	if !ok {
		identity = profile.Artist
	}
	phone := strings.TrimSpace(want.Phone)
	if !profile.ValidPhone(phone) {
		phone = ""
	}
	first := googleName(g.GivenName)
	if text.Blank(first) {
		first = strings.Split(email, "@")[0]
	}
	return profile.Profile{
		ID: id, Username: username, Identity: identity, FirstName: first, LastName: googleName(g.FamilyName),
		Email: email, Phone: phone, CreatedAt: s.now(),
	}
}

// googleName is a name from Google cleaned as a typed one is, cut to the longest allowed.
func googleName(s string) string {
	s = text.Clean(s, false)
	if r := []rune(s); len(r) > profile.MaxNameLength {
		s = strings.TrimSpace(string(r[:profile.MaxNameLength]))
	}
	if text.Blank(s) {
		return ""
	}
	return s
}

// usernames are the names to try in turn: the visitor's choice when it is a usable one, then
// three made from the email.
func (s *Service) usernames(email string, want GoogleSignup) []string {
	var out []string
	if u := strings.TrimSpace(want.Username); u != "" && profile.CheckUsername(u) == nil && !profile.Reserved(u) {
		out = append(out, u)
	}
	for range 3 {
		out = append(out, googleUsername(email))
	}
	return out
}

// googleUsername makes a username from an email's local part and four random digits, or from
// "user" when the local part is empty or would make a reserved name.
func googleUsername(email string) string {
	local := strings.Split(email, "@")[0]
	var b strings.Builder
	for _, r := range local {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '_' {
			b.WriteRune(r)
		}
	}
	base := b.String()
	if len(base) > 20 {
		base = base[:20]
	}
	if base == "" || profile.Reserved(base) {
		base = "user"
	}
	suffix, _ := credential.NewCode()
	return fmt.Sprintf("%s_%s", base, suffix[:4])
}
