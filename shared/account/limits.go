package account

import (
	"time"

	"zuum/shared/credential"
	"zuum/shared/failure"
)

// Rate limits of the account flows: at most Max events per key in each fixed window
// (credential.Limit; counted with credential.Store.Take before the work they limit).
const (
	LoginWindow       = 15 * time.Minute
	LoginFailsAccount = 5  // failed logins per account (email) per LoginWindow
	LoginFailsIP      = 30 // failed logins per address per LoginWindow

	VerifyWindow       = 24 * time.Hour
	VerifyTriesAccount = 15 // codes tried per account (email) per VerifyWindow, across resends

	SignupWindow = time.Hour
	SignupsIP    = 10 // sign-ups per address per SignupWindow

	ForgotWindow   = time.Hour
	ForgotsIP      = 5 // reset links asked for per address per ForgotWindow
	ForgotsAccount = 3 // reset links asked for per account (email) per ForgotWindow

	UsernameCheckWindow = time.Minute
	UsernameChecksIP    = 60 // username checks per address per UsernameCheckWindow
)

// Messages of the limits (429).
var (
	ErrTooManyLogins         = failure.New(failure.RateLimited, "Too many failed login attempts. Please try again later.")
	ErrTooManyCodes          = failure.New(failure.RateLimited, "Too many wrong codes today. Please try again tomorrow.")
	ErrTooManySignups        = failure.New(failure.RateLimited, "Too many sign-ups from this network. Please try again in an hour.")
	ErrTooManyResetsIP       = failure.New(failure.RateLimited, "Too many password reset requests from this network. Please try again in an hour.")
	ErrTooManyResetsAccount  = failure.New(failure.RateLimited, "Too many password reset requests for this email. Please try again in an hour.")
	ErrTooManyUsernameChecks = failure.New(failure.RateLimited, "Too many username checks. Please wait a minute and try again.")
)

var (
	loginPerAccount  = credential.Limit{Scope: "login-account", Max: LoginFailsAccount, Window: LoginWindow, Err: ErrTooManyLogins}
	loginPerIP       = credential.Limit{Scope: "login-ip", Max: LoginFailsIP, Window: LoginWindow, Err: ErrTooManyLogins}
	verifyPerAccount = credential.Limit{Scope: "verify-email", Max: VerifyTriesAccount, Window: VerifyWindow, Err: ErrTooManyCodes}
	signupPerIP      = credential.Limit{Scope: "signup-ip", Max: SignupsIP, Window: SignupWindow, Err: ErrTooManySignups}
	forgotPerIP      = credential.Limit{Scope: "forgot-ip", Max: ForgotsIP, Window: ForgotWindow, Err: ErrTooManyResetsIP}
	forgotPerAccount = credential.Limit{Scope: "forgot-account", Max: ForgotsAccount, Window: ForgotWindow, Err: ErrTooManyResetsAccount}
	checksPerIP      = credential.Limit{Scope: "check-username-ip", Max: UsernameChecksIP, Window: UsernameCheckWindow, Err: ErrTooManyUsernameChecks}
)
