// Stand-ins for the Foundation, UIKit, Core Graphics and Core Animation declarations that the
// Objective-C code of `strokescope infer --emit objc` uses, with the signatures of Apple's SDK,
// so that a test can check that code with `clang -fsyntax-only` on Linux (Tests/InferenceTests/EmittedCodeTests.swift).
#include <math.h>
typedef double CGFloat;
typedef double CFTimeInterval;
typedef signed char BOOL;
#define YES ((BOOL)1)
#define NO ((BOOL)0)
typedef struct { CGFloat x, y; } CGPoint;
typedef struct { CGFloat width, height; } CGSize;
typedef struct { CGPoint origin; CGSize size; } CGRect;
static inline CGPoint CGPointMake(CGFloat x, CGFloat y) { CGPoint p = {x, y}; return p; }
static inline CGRect CGRectMake(CGFloat x, CGFloat y, CGFloat w, CGFloat h) { CGRect r = {{x, y}, {w, h}}; return r; }
typedef struct CGPath *CGPathRef;
typedef struct CGColor *CGColorRef;
@interface NSObject
+ (instancetype)alloc;
- (instancetype)init;
@end
@interface NSString : NSObject
@end
@interface NSNumber : NSObject
+ (NSNumber *)numberWithInt:(int)value;
+ (NSNumber *)numberWithDouble:(double)value;
@end
@interface NSArray<ObjectType> : NSObject
+ (instancetype)arrayWithObjects:(const ObjectType[])objects count:(unsigned long)cnt;
@end
typedef NSString *CAShapeLayerLineCap;
typedef NSString *CAMediaTimingFunctionName;
typedef NSString *CAAnimationCalculationMode;
extern CAShapeLayerLineCap const kCALineCapButt, kCALineCapRound, kCALineCapSquare;
extern CAMediaTimingFunctionName const kCAMediaTimingFunctionLinear, kCAMediaTimingFunctionEaseIn, kCAMediaTimingFunctionEaseOut, kCAMediaTimingFunctionEaseInEaseOut, kCAMediaTimingFunctionDefault;
extern CAAnimationCalculationMode const kCAAnimationDiscrete;
@interface UIColor : NSObject
+ (UIColor *)clearColor;
+ (UIColor *)colorWithRed:(CGFloat)red green:(CGFloat)green blue:(CGFloat)blue alpha:(CGFloat)alpha;
@property (nonatomic, readonly) CGColorRef CGColor;
@end
@interface UIBezierPath : NSObject
+ (instancetype)bezierPathWithArcCenter:(CGPoint)center radius:(CGFloat)radius startAngle:(CGFloat)startAngle endAngle:(CGFloat)endAngle clockwise:(BOOL)clockwise;
@property (nonatomic, readonly) CGPathRef CGPath;
@end
@class CAAnimation;
@interface CALayer : NSObject
+ (instancetype)layer;
@property CGRect frame;
- (void)addAnimation:(CAAnimation *)anim forKey:(NSString *)key;
@end
@interface CAShapeLayer : CALayer
@property CGPathRef path;
@property CGColorRef fillColor;
@property CGColorRef strokeColor;
@property CGFloat lineWidth;
@property (copy) CAShapeLayerLineCap lineCap;
@end
@interface CAMediaTimingFunction : NSObject
+ (instancetype)functionWithName:(CAMediaTimingFunctionName)name;
+ (instancetype)functionWithControlPoints:(float)c1x :(float)c1y :(float)c2x :(float)c2y;
@end
@interface CAAnimation : NSObject
+ (instancetype)animation;
@property CFTimeInterval beginTime;
@property CFTimeInterval duration;
@property float repeatCount;
@property (strong) CAMediaTimingFunction *timingFunction;
@end
@interface CAPropertyAnimation : CAAnimation
+ (instancetype)animationWithKeyPath:(NSString *)path;
@property (getter=isAdditive) BOOL additive;
@property (getter=isCumulative) BOOL cumulative;
@end
@interface CABasicAnimation : CAPropertyAnimation
@property (strong) id fromValue;
@property (strong) id toValue;
@end
@interface CAKeyframeAnimation : CAPropertyAnimation
@property (copy) NSArray *values;
@property (copy) NSArray<NSNumber *> *keyTimes;
@property (copy) CAAnimationCalculationMode calculationMode;
@end
@interface CAAnimationGroup : CAAnimation
@property (copy) NSArray<CAAnimation *> *animations;
@end
