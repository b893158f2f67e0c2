package account

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/credential"
	"zuum/shared/failure"
	"zuum/shared/mail"
	"zuum/shared/profile"
)

// A step-up code confirms a sensitive action of a signed-in user (a withdrawal to a bank account
// they have not used before), as banks ask for one: the same machinery as the sign-up code (6
// random digits, stored keyed-hashed in the Users table under sk STEPUP, OTPTTL to live, OTPMaxTries
// tries, one mail a minute, StepUpTriesAccount tries a day), bound to the action it was sent
// for, so a code mailed for one bank account confirms nothing else.
const skStepUp = "STEPUP"

// StepUpTriesAccount bounds the step-up codes tried per account per VerifyWindow, across resends.
const StepUpTriesAccount = 15

// Messages of the step-up code.
var (
	ErrStepUpInvalid = failure.Fields("Invalid code. Please check the code we emailed you.",
		failure.FieldError{Field: "otp", Msg: "Invalid code"})
	ErrStepUpExpired = failure.Fields("This code has expired. Please request a new one.",
		failure.FieldError{Field: "otp", Msg: "Code expired"})
	ErrStepUpTries = failure.Fields("Too many wrong codes. Please request a new one.",
		failure.FieldError{Field: "otp", Msg: "Too many wrong codes"})
)

var (
	stepUpPerAccount = credential.Limit{Scope: "step-up", Max: StepUpTriesAccount, Window: VerifyWindow, Err: ErrTooManyCodes}
	stepUpRefusals   = credential.Refusals{Wrong: ErrStepUpInvalid, Expired: ErrStepUpExpired, NoTries: ErrStepUpTries}
)

// AccountLookupsPerHour bounds how many bank accounts a user may look up (their holders' names) an
// hour: enough to fix a few typos, too few to harvest names.
const AccountLookupsPerHour = 20

// ErrTooManyLookups is the 429 past AccountLookupsPerHour.
var ErrTooManyLookups = failure.New(failure.RateLimited, "Too many account lookups. Please try again in an hour.")

var lookupsPerAccount = credential.Limit{Scope: "account-lookup", Max: AccountLookupsPerHour, Window: time.Hour, Err: ErrTooManyLookups}

// CountAccountLookup counts one bank-account lookup of userID, or refuses it past the limit.
func (s *Service) CountAccountLookup(ctx context.Context, userID string) error {
	return s.cred.Take(ctx, s.now(), lookupsPerAccount.Of(userID))
}

// SendStepUp mails a fresh code for action (a stable description of what it confirms, such as
// "withdrawal:058:0123456789") to a's email; what is the action in words for the mail. It
// replaces an earlier code, at most once a minute. Within that minute, asking again for the same
// action is answered as sent (nil): the code already mailed for it still works, so a screen that
// was reloaded offers its field again instead of a 429. For another action it is 429.
func (s *Service) SendStepUp(ctx context.Context, a profile.Account, action, what string) error {
	code, err := credential.NewCode()
	if err != nil {
		return failure.Wrap(err, "make code")
	}
	now := s.now()
	put := s.cred.PutCode(credential.NewCodeItem(codeKey(a.ID, skStepUp), s.stepUpHash(a.ID, action, code), now, OTPTTL), now, ResendCooldown)
	put.Item[attrStepUpAction] = credential.Str(s.stepUpAction(a.ID, action))
	if err := s.cred.Send(ctx, put); err != nil {
		if err == credential.ErrCooldown {
			if pending, perr := s.stepUpPending(ctx, a.ID, action); perr != nil || pending {
				return perr
			}
		}
		return err
	}
	if err := s.mailer.Send(ctx, stepUpMail(a, what, code)); err != nil {
		if cerr := s.cred.ClearCooldown(ctx, codeKey(a.ID, skStepUp)); cerr != nil {
			return failure.Wrap(cerr, "clear cooldown")
		}
		return failure.Wrap(err, "send step-up code")
	}
	return nil
}

// CheckStepUp counts one try of code against the step-up code of userID for action and, when it
// matches, returns the transaction step that consumes it: the caller writes it in the same
// transaction as the action, so a code confirms one action however many requests race with it
// (the step fails for all but one of them).
func (s *Service) CheckStepUp(ctx context.Context, userID, action, code string) (types.TransactWriteItem, error) {
	now := s.now()
	if err := s.cred.Take(ctx, now, stepUpPerAccount.Of(userID)); err != nil {
		return types.TransactWriteItem{}, err
	}
	h := s.stepUpHash(userID, action, code)
	if err := s.cred.Try(ctx, codeKey(userID, skStepUp), OTPMaxTries, now, h); err != nil {
		return types.TransactWriteItem{}, stepUpRefusals.Of(err)
	}
	return s.cred.Consume(codeKey(userID, skStepUp), h), nil
}

// attrStepUpAction is the keyed hash of the action a step-up code was mailed for (stepUpAction),
// which tells whether a code still waiting is the one a repeated request asks for.
const attrStepUpAction = "action_hash"

func (s *Service) stepUpAction(userID, action string) string {
	return s.codes.Hash(userID, "action|"+action)
}

// stepUpPending reports whether userID's step-up code for action can still be entered: mailed
// for that action, not expired, tries left.
func (s *Service) stepUpPending(ctx context.Context, userID, action string) (bool, error) {
	c, item, ok, err := s.cred.Code(ctx, codeKey(userID, skStepUp))
	if err != nil || !ok {
		return false, err
	}
	mailedFor, _ := item[attrStepUpAction].(*types.AttributeValueMemberS)
	return mailedFor != nil && mailedFor.Value == s.stepUpAction(userID, action) && c.Open(s.now(), OTPMaxTries), nil
}

func (s *Service) stepUpHash(userID, action, code string) string {
	return s.codes.Hash(userID, action+"|"+code)
}

func stepUpMail(a profile.Account, what, code string) mail.Message {
	return mail.Message{
		To:      a.Email,
		Subject: "Your Zuum confirmation code",
		// The code comes first: mail previews show it, and nothing in what is read as the code.
		Text: fmt.Sprintf("Your Zuum code is %s.\n\nHi %s, it confirms %s and expires in 10 minutes.\n\n"+
			"If you did not ask for this, do not share the code, and change your password.\n", code, a.FirstName, what),
		HTML: fmt.Sprintf("<p>Your Zuum code is <strong>%s</strong>.</p><p>Hi %s, it confirms %s and expires in 10 minutes.</p>"+
			"<p>If you did not ask for this, do not share the code, and change your password.</p>", code, htmlEscape(a.FirstName), htmlEscape(what)),
	}
}
